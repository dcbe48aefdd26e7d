// libFuzzer entry point for the gateway frame decoder: untrusted JSON text from a gateway
// (or, for `clawpair sim`, from a client). Decoding either succeeds or throws
// GATEWAY_PROTOCOL_ERROR, never crashes; a decoded frame re-encodes to a canonical text
// that decodes to the same canonical text; the typed payloads (challenge, connect params,
// hello-ok, error shape) obey the same rule, and error classification never crashes.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

/// Decodes `value` with `decode` and checks that its canonical encoding is stable.
private func checkStable<T>(_ value: JSONValue?, _ what: String, decode: (JSONValue?) throws(ClawPairError) -> T, encode: (T) -> JSONValue) {
    let decoded: T
    do { decoded = try decode(value) } catch {
        guard error.code == .gatewayProtocolError else { fatalError("\(what) threw \(error.code)") }
        return
    }
    let text = encode(decoded).serialized()
    guard let reparsed = try? JSONParser.parse(text) else { fatalError("\(what) encodes to invalid JSON: \(text)") }
    guard let again = try? decode(reparsed) else { fatalError("\(what) does not decode its own encoding: \(text)") }
    guard encode(again).serialized() == text else { fatalError("\(what) is not stable: \(text)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func gatewayFrameFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let frame: GatewayFrame
    do {
        frame = try GatewayFrame(decoding: bytes)
    } catch {
        guard error.code == .gatewayProtocolError else { fatalError("decoding threw \(error.code)") }
        return 0
    }
    let text = frame.encoded()
    guard let again = try? GatewayFrame(decoding: text) else { fatalError("a frame does not decode its own encoding: \(text)") }
    guard again.encoded() == text else { fatalError("frame encoding is not stable: \(text)") }

    switch frame {
    case .event(let event):
        checkStable(event.payload, "challenge", decode: { value throws(ClawPairError) in try ConnectChallenge(payload: value) }, encode: \.json)
    case .request(let request):
        checkStable(request.params, "connect params", decode: { value throws(ClawPairError) in try ConnectParams(json: value) }, encode: \.json)
        if let params = try? ConnectParams(json: request.params) {
            for version in DeviceAuthPayload.Version.allCases {
                guard let payload = try? DeviceAuthPayload(version: version, params: params) else { continue }
                guard payload.text.hasPrefix(version.rawValue + "|") else { fatalError("payload without its version") }
                for field in [payload.platform, payload.deviceFamily] {
                    let normalized = DeviceAuthPayload.normalizedMetadata(field)
                    guard !normalized.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) else {
                        fatalError("ASCII capitals survived normalisation: \(normalized)")
                    }
                }
            }
            _ = OperatorScope.bootstrapScopes(role: params.role ?? "", requested: params.scopes ?? [])
        }
    case .response(let response):
        switch response.outcome {
        case .ok(let payload):
            checkStable(payload, "hello-ok", decode: { value throws(ClawPairError) in try HelloOk(payload: value) }, encode: \.json)
        case .error(let shape):
            let classified = GatewayConnectError(shape)
            _ = classified.remedy
            _ = classified.clawPairError
            _ = shape.detailsView.json
        }
    }
    _ = GatewayConnectError.requestId(inCloseReason: String(decoding: bytes, as: UTF8.self))
    return 0
}
