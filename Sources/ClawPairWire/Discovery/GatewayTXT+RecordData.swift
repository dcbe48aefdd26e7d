extension GatewayTXT {
    /// Parses TXT record data as it arrives from the network (through avahi-daemon, or a
    /// unicast reply's RDATA): the character-strings of RFC 1035 §3.3.14, then
    /// ``init(strings:)``.
    public init(rdata: some Collection<UInt8>) {
        self.init(strings: Self.characterStrings(in: rdata))
    }

    /// Each length-prefixed string of TXT record data, in order. No length byte is trusted:
    /// a string whose length runs past the end is dropped with everything after it, and the
    /// strings before it are kept. Empty strings are skipped (RFC 6763 §6.1 uses a single
    /// empty string for "no keys", and an empty string carries no key either way).
    public static func characterStrings(in rdata: some Collection<UInt8>) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        var index = rdata.startIndex
        while index != rdata.endIndex {
            let length = Int(rdata[index])
            let start = rdata.index(after: index)
            // `index(_:offsetBy:limitedBy:)` returns nil past the end instead of trapping,
            // so a hostile length cannot read beyond the buffer.
            guard let end = rdata.index(start, offsetBy: length, limitedBy: rdata.endIndex) else { break }
            if length > 0 { strings.append(Array(rdata[start..<end])) }
            index = end
        }
        return strings
    }
}
