// libFuzzer entry point for the parsers that read untrusted setup-code text: the whole
// reader (base64url, JSON, pasted messages, deep links, URLs), its secret check, and the JSON
// parser alone.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire's sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func setupCodeFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    // The redaction check walks the same input the same way: it must be as robust.
    _ = SetupCodeReader.carriesSecret(text)
    if let code = try? SetupCodeReader.read(text, nowMs: 0) {
        // Whatever decodes must re-encode to routes that parse again identically.
        for route in code.routes {
            guard let again = try? GatewayRoute(url: route.url), again == route else { fatalError("route does not round-trip: \(route.url)") }
        }
    }
    if let value = try? JSONParser.parse(bytes) {
        // Integral doubles print as integers, so compare the text after one more round.
        let text = value.serialized()
        guard let again = try? JSONParser.parse(text), again.serialized() == text else { fatalError("JSON does not round-trip") }
    }
    return 0
}
