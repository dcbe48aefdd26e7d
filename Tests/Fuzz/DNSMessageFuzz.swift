// libFuzzer entry point for the DNS message codec: untrusted bytes from any DNS server or
// mDNS responder. Whatever parses must re-encode to the same message, unless the encoding
// compresses names the sender wrote out into more labels than bytes, which the parser refuses
// (tooManyLabels); every name in it must survive presentation form and the DNS-SD
// instance-name decoding.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

@_cdecl("LLVMFuzzerTestOneInput")
public func dnsMessageFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let message = try? DNSMessage(parsing: bytes) {
        let encoded = message.encoded()
        do {
            let again = try DNSMessage(parsing: encoded)
            guard again == message else { fatalError("message does not round-trip:\n\(message)\n---\n\(again)") }
        } catch where error.code == .tooManyLabels && labelCount(of: message) > encoded.count {
            // The sender wrote names out that encoded() compresses to pointers: the same labels
            // in fewer bytes than the parser's budget of one label per byte allows.
        } catch {
            fatalError("encoded message does not parse (\(error)):\n\(message)")
        }
        _ = message.description
        for record in message.allRecords {
            checkName(record.name)
            switch record.data {
            case .ptr(let name), .ns(let name), .cname(let name), .srv(_, _, _, let name): checkName(name)
            case .txt(let strings): _ = GatewayTXT(strings: strings).rawPairs
            default: break
            }
        }
        for question in message.questions { checkName(question.name) }
    }
    // The same bytes as a name in presentation form.
    if let name = try? DNSName(String(decoding: bytes, as: UTF8.self)) { checkName(name) }
    return 0
}

private func labelCount(of message: DNSMessage) -> Int {
    message.questions.reduce(0) { $0 + $1.name.labels.count } + message.allRecords.reduce(0) { $0 + $1.labelCount }
}

private func checkName(_ name: DNSName) {
    guard name.wireLength <= DNSName.maxWireLength, name.labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 }) else {
        fatalError("name breaks RFC 1035 limits: \(name)")
    }
    guard let again = try? DNSName(name.description), again == name, again.labels == name.labels else {
        fatalError("name does not round-trip through presentation form: \(name)")
    }
    if let instance = ServiceInstanceName(dnsName: name) {
        _ = instance.fullName
        _ = DiscoveredGateway(instance: instance.name, domain: instance.domain, host: "h.", port: 1, sources: [.unicast]).id
    }
}
