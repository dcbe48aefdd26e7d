// libFuzzer entry point for the text a gateway advertises: TXT record data (the DNS
// character-string layout), and the same bytes as a dns_sd escaped instance name, a browse
// domain and a host name for zone labels. All of it arrives unauthenticated.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

@_cdecl("LLVMFuzzerTestOneInput")
public func txtRecordFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // The bytes as TXT record data, split as the Avahi path splits them.
    let strings = GatewayTXT.characterStrings(in: bytes)
    guard strings.reduce(0, { $0 + 1 + $1.count }) <= bytes.count else { fatalError("more bytes out than in") }
    let txt = GatewayTXT(rdata: bytes)
    guard txt == GatewayTXT(strings: strings) else { fatalError("init(rdata:) is not init(strings:) of the split") }
    guard txt.entries.count <= strings.count else { fatalError("more entries than strings") }
    guard GatewayTXT(strings: txt.strings) == txt else { fatalError("TXT does not round-trip") }
    // What browse's JSON makes of the pairs: it must parse back.
    let json = JSONValue.object(txt.rawPairs.map { ($0.key, .string($0.value)) }).serialized()
    guard (try? JSONParser.parse(json)) != nil else { fatalError("TXT JSON does not parse: \(json)") }
    if let fingerprint = txt.gatewayTlsSha256, fingerprint.utf8.count != 64 { fatalError("bad fingerprint \(fingerprint)") }
    _ = (txt.role, txt.transport, txt.gatewayPort, txt.displayName, txt.lanHost, txt.gatewayTls)
    _ = (txt.gatewayDirectReachable, txt.canvasPort, txt.tailnetDns, txt.sshPort, txt.cliPath)

    // The same bytes as text: instance names, display names, ids, domains, zone labels.
    let text = String(decoding: bytes, as: UTF8.self)
    let decoded = ServiceInstanceName.decode(text)
    guard ServiceInstanceName.decode(ServiceInstanceName.escape(decoded)) == decoded else {
        fatalError("escape does not round-trip: \(decoded.debugDescription)")
    }
    if let full = ServiceInstanceName(fullName: text) {
        guard ServiceInstanceName(fullName: full.fullName)?.name == full.name else { fatalError("full name does not round-trip") }
    }
    _ = GatewayDisplayName.resolve(txt: txt, instanceName: decoded)
    _ = GatewayID.discovered(domain: text, instanceName: decoded).fileKey
    _ = GatewayID.manual(host: text, port: 0, contextPath: text)
    _ = try? BrowseDomain(text)
    let label = GatewayZoneLabel.hostLabel(text)
    guard !label.isEmpty, label.utf8.count <= 63,
        label.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
    else { fatalError("bad host label \(label.debugDescription)") }
    return 0
}
