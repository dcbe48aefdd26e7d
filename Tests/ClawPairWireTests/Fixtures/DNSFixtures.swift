// DNS messages written out byte by byte, independent of DNSMessage's encoder, so the
// decoder is checked against bytes a real responder would send rather than against itself.

/// Bytes from hex text; whitespace and `;` comments to the end of a line are ignored.
func hexBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let code = line.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let digits = code.filter { !$0.isWhitespace }
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            bytes.append(UInt8(digits[index..<next], radix: 16)!)
            index = next
        }
    }
    return bytes
}

func label(_ text: String) -> [UInt8] { [UInt8(text.utf8.count)] + Array(text.utf8) }
func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
func u32(_ value: UInt32) -> [UInt8] { u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF)) }
func pointer(_ offset: Int) -> [UInt8] { [0xC0 | UInt8(offset >> 8), UInt8(offset & 0xFF)] }
func txtString(_ text: String) -> [UInt8] { label(text) }

enum DNSFixtures {
    static let fingerprint = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

    /// An mDNS response as Avahi sends it for a browse + resolve: one PTR answer and SRV, A,
    /// AAAA and TXT in the additional section, cache-flush bits set, names compressed.
    ///
    /// Offsets: 12 `_openclaw-gw._tcp.local.` (30 = `local.`), 47 the instance label
    /// `Studio (OpenClaw)`, 85 `studio.local.` (the SRV target).
    static let mdnsResponse: [UInt8] = {
        var b: [UInt8] = []
        b += u16(0) + u16(0x8400) + u16(0) + u16(1) + u16(0) + u16(4)  // id 0, QR AA, 1 answer, 4 additional
        // 12: answer PTR _openclaw-gw._tcp.local. → Studio (OpenClaw)._openclaw-gw._tcp.local.
        b += label("_openclaw-gw") + label("_tcp") + label("local") + [0]
        b += u16(12) + u16(1) + u32(4500) + u16(20)
        b += label("Studio (OpenClaw)") + pointer(12)  // 47
        // 67: SRV 0 0 18789 studio.local.
        b += pointer(47) + u16(33) + u16(0x8001) + u32(120) + u16(15)
        b += u16(0) + u16(0) + u16(18789) + label("studio") + pointer(30)  // target at 85
        // 94: A 192.168.1.20
        b += pointer(85) + u16(1) + u16(0x8001) + u32(120) + u16(4) + [192, 168, 1, 20]
        // 110: AAAA fe80::1
        b += pointer(85) + u16(28) + u16(0x8001) + u32(120) + u16(16) + [0xFE, 0x80] + Array(repeating: 0, count: 13) + [1]
        // 138: TXT
        let strings = [
            "role=gateway", "transport=gateway", "gatewayPort=18789", "displayName=Studio", "lanHost=studio.local",
            "gatewayTls=1", "gatewayTlsSha256=\(fingerprint)",
        ].flatMap(txtString)
        b += pointer(47) + u16(16) + u16(0x8001) + u32(4500) + u16(UInt16(strings.count)) + strings
        return b
    }()

    /// A unicast answer from the gateway's CoreDNS to `dig @… _openclaw-gw._tcp.openclaw.internal PTR`:
    /// id 0x1234, QR AA RD RA, the question, one PTR answer, SRV and A additionals (SRV target
    /// compressed) and dig's EDNS OPT (UDP size 1232). 136 bytes.
    static let unicastResponse = hexBytes(
        """
        12 34 85 80 00 01 00 01 00 00 00 03          ; header: id, flags, QD 1, AN 1, NS 0, AR 3
        0c 5f 6f 70 65 6e 63 6c 61 77 2d 67 77       ; 12: _openclaw-gw
        04 5f 74 63 70                               ; 25: _tcp
        08 6f 70 65 6e 63 6c 61 77                   ; 30: openclaw
        08 69 6e 74 65 72 6e 61 6c 00                ; 39: internal, root
        00 0c 00 01                                  ; 49: PTR IN
        c0 0c 00 0c 00 01 00 00 00 3c 00 11          ; 53: answer PTR, TTL 60, RDLENGTH 17
        0e 73 74 75 64 69 6f 2d 67 61 74 65 77 61 79 ; 65: studio-gateway
        c0 0c                                        ; 80: → _openclaw-gw._tcp.openclaw.internal.
        c0 41 00 21 00 01 00 00 00 3c 00 0f          ; 82: SRV owner → 65, TTL 60, RDLENGTH 15
        00 00 00 00 49 65                            ; 94: priority 0, weight 0, port 18789
        06 73 74 75 64 69 6f c0 1e                   ; 100: studio → openclaw.internal.
        c0 64 00 01 00 01 00 00 00 3c 00 04          ; 109: A owner → 100, TTL 60
        64 7b e0 4c                                  ; 121: 100.123.224.76
        00 00 29 04 d0 00 00 00 00 00 00             ; 125: OPT, UDP 1232, no options
        """)

    /// The query dig sends for the PTR above (RD set, no EDNS), byte for byte.
    static let unicastQuery = hexBytes(
        """
        12 34 01 00 00 01 00 00 00 00 00 00
        0c 5f 6f 70 65 6e 63 6c 61 77 2d 67 77 04 5f 74 63 70
        08 6f 70 65 6e 63 6c 61 77 08 69 6e 74 65 72 6e 61 6c 00
        00 0c 00 01
        """)

    /// NXDOMAIN for `nope.openclaw.internal. A`, with the zone's SOA (TTL 60, MINIMUM 30) in the
    /// authority section for negative caching.
    static let nxdomainResponse: [UInt8] = {
        var b: [UInt8] = []
        b += u16(7) + u16(0x8583) + u16(1) + u16(0) + u16(1) + u16(0)  // QR AA RD RA, NXDOMAIN
        b += label("nope") + label("openclaw") + label("internal") + [0] + u16(1) + u16(1)  // 12; 17 = openclaw.internal.
        b += pointer(17) + u16(6) + u16(1) + u32(60)
        let rdata = label("ns1") + pointer(17) + label("hostmaster") + pointer(17)
            + u32(2025121701) + u32(7200) + u32(3600) + u32(1_209_600) + u32(30)
        b += u16(UInt16(rdata.count)) + rdata
        return b
    }()
}
