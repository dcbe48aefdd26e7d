// libFuzzer entry point for the Cloudflare Access parsers that read what a server sends:
// JWTs (then the metadata and app-token claim rules), a JWKS, the transfer envelope and its
// plaintext, and the strict base64 forms.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire's sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func accessTokenFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    let origin = AccessOrigin(url: "https://gw.example.com")!
    if let token = try? JSONWebToken(text, what: "fuzz") {
        if let application = try? AccessApplication(metadata: token, origin: origin, nowSeconds: 1_800_000_000) {
            _ = try? AccessAppToken(token, application: application, nowSeconds: 1_800_000_000)
        }
    }
    _ = try? AccessSigningKeys(json: bytes)
    _ = try? AccessTransferEnvelope(body: bytes, servicePublicKey: text)
    _ = try? AccessTransferEnvelope.appToken(plaintext: bytes)
    for form in [StrictBase64.Form.standardPadded, .urlPadded, .urlUnpadded] {
        // What decodes must encode back to the same text: one spelling per value.
        if let decoded = StrictBase64.decode(text, form), StrictBase64.encode(decoded, form) != text {
            fatalError("strict base64 is not canonical: \(text)")
        }
    }
    return 0
}
