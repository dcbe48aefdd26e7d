// libFuzzer entry point for the HTTP/1.1 request-head reader and the WebSocket server
// handshake: untrusted bytes from any client of `clawpair sim`. The reader must give the same
// result however the input is split and respect its limits; a head it returns must re-encode
// to itself; the handshake must accept only what it checks, with the RFC 6455 accept value.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

/// The reader's bounds: small for CI's inputs (``ciMaximumInputBytes``), so the fuzzer
/// reaches every one; above, the product's defaults.
private typealias Limits = (headBytes: Int, headerCount: Int)

private func headLimits(inputSize size: Int) -> Limits {
    size <= ciMaximumInputBytes
        ? (512, 12) : (HTTPRequestHeadParser.defaultMaximumHeadBytes, HTTPRequestHeadParser.defaultMaximumHeaderCount)
}

private enum Outcome: Equatable {
    case head(HTTPRequestHead, rest: [UInt8])
    case incomplete
    case failure(HTTPWireError.Code)
}

private func parse(_ chunks: [ArraySlice<UInt8>], limits: Limits) -> Outcome {
    var parser = HTTPRequestHeadParser(maximumHeadBytes: limits.headBytes, maximumHeaderCount: limits.headerCount)
    do throws(HTTPWireError) {
        for (index, chunk) in chunks.enumerated() {
            parser.append(chunk)
            if let head = try parser.parseHead() {
                for later in chunks[(index + 1)...] { parser.append(later) }
                return .head(head, rest: parser.takeRemainingBytes())
            }
        }
        return .incomplete
    } catch {
        return .failure(error.code)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func httpRequestHeadFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = headLimits(inputSize: size)
    let whole = parse([bytes[...]], limits: limits)
    if size > 0 {
        let split = Int(bytes[0]) * size / 256
        guard parse([bytes[..<split], bytes[split...]], limits: limits) == whole else { fatalError("split at \(split) differs") }
    }
    if size <= 600 {
        guard parse((0..<size).map { bytes[$0...$0] }, limits: limits) == whole else { fatalError("byte-by-byte differs") }
    }
    guard case .head(let head, let rest) = whole else { return 0 }
    guard head.headers.count <= limits.headerCount, size - rest.count <= limits.headBytes + 1 else {
        fatalError("a limit was not enforced")
    }
    // Written back out, the head parses to itself.
    var text = "\(head.method.rawValue) \(head.target) HTTP/1.\(head.version.minor)\r\n"
    for (name, value) in head.headers { text += "\(name): \(value)\r\n" }
    text += "\r\n"
    // Roomy: writing adds a space after each colon.
    var again = HTTPRequestHeadParser(maximumHeadBytes: 2 * HTTPRequestHeadParser.defaultMaximumHeadBytes, maximumHeaderCount: 100)
    again.append(Array(text.utf8))
    guard (try? again.parseHead()) == head else { fatalError("head does not round-trip:\n\(text)") }
    _ = head.contentLength

    do {
        let response = try WebSocketServerHandshake.accept(head)
        guard head.method == .get, response.status == 101,
            let key = head.headers["Sec-WebSocket-Key"].first,
            response.headers.first(name: "Sec-WebSocket-Accept") == WebSocketHandshake.acceptValue(forKey: key),
            head.headers["Sec-WebSocket-Version"] == ["13"]
        else { fatalError("accepted an upgrade it should have refused") }
        _ = try? response.encoded()
    } catch {
        guard [400, 405, 426].contains(error.status) else { fatalError("refusal status \(error.status)") }
        _ = try? error.responseHead.encoded()
    }
    return 0
}
