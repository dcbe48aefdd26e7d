// libFuzzer entry point for the HTTP/1.1 response parser and what reads response heads:
// untrusted bytes from any server a probe or an Access request reaches. The parser must give
// the same result however the input is split, respect its limits, and every head it returns
// must re-encode to itself; the WWW-Authenticate parser must round-trip what it accepts.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

/// Small limits for CI's inputs (``ciMaximumInputBytes``), so the fuzzer reaches every one of
/// them; above, the product's defaults.
private func parserLimits(inputSize size: Int) -> HTTPResponseParser.Limits {
    guard size > ciMaximumInputBytes else {
        return HTTPResponseParser.Limits(headerSectionBytes: 512, headerCount: 12, bodyBytes: 1024, chunkLineBytes: 48, interimResponses: 2)
    }
    return HTTPResponseParser.Limits()
}

private enum Outcome: Equatable {
    case response(HTTPResponse, upgraded: [UInt8]?)
    case failure(HTTPWireError.Code)
}

/// Feeds `chunks` in turn, then closes the input; one response or the error.
private func parse(_ chunks: [ArraySlice<UInt8>], method: HTTPMethod, limits: HTTPResponseParser.Limits) -> Outcome {
    var parser = HTTPResponseParser(requestMethod: method, limits: limits)
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var pieces = 0
    func drain() throws(HTTPWireError) -> Outcome? {
        while let part = try parser.nextPart() {
            switch part {
            case .head(let received):
                guard head == nil else { fatalError("two heads in one response") }
                head = received
                if parser.isUpgraded { return .response(HTTPResponse(head: received), upgraded: []) }
            case .body(let bytes):
                guard head != nil, !bytes.isEmpty else { fatalError("body before head, or an empty body piece") }
                body += bytes
                pieces += 1
            case .end(let trailers):
                guard let head else { fatalError("end before head") }
                return .response(HTTPResponse(head: head, body: body, trailers: trailers), upgraded: nil)
            }
        }
        return nil
    }
    do throws(HTTPWireError) {
        for (index, chunk) in chunks.enumerated() {
            parser.append(chunk)
            guard let outcome = try drain() else { continue }
            if case .response(let response, .some) = outcome {
                // After a 101 the rest of the input belongs to the next protocol, whatever the split.
                for rest in chunks[(index + 1)...] { parser.append(rest) }
                return .response(response, upgraded: parser.takeRemainingBytes())
            }
            return outcome
        }
        parser.finishInput()
        if let outcome = try drain() { return outcome }
        fatalError("the parser wants more input after finishInput()")
    } catch {
        return .failure(error.code)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func httpResponseFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let method: HTTPMethod = size > 0 && bytes[size - 1] == 0x48 ? .head : .get  // A trailing "H": HEAD.
    let limits = parserLimits(inputSize: size)
    let whole = parse([bytes[...]], method: method, limits: limits)

    // The same result for any split: one derived from the input, and byte by byte.
    if size > 0 {
        let split = Int(bytes[0]) * size / 256
        guard parse([bytes[..<split], bytes[split...]], method: method, limits: limits) == whole else { fatalError("split at \(split) differs") }
    }
    if size <= 600 {
        guard parse((0..<size).map { bytes[$0...$0] }, method: method, limits: limits) == whole else { fatalError("byte-by-byte differs") }
    }

    if case .response(let response, _) = whole {
        let head = response.head
        guard (100...599).contains(head.status), !head.isInterim, head.headers.count <= limits.headerCount,
            response.trailers.count <= limits.headerCount, response.body.count <= limits.bodyBytes
        else { fatalError("a limit was not enforced") }
        checkHeadRoundTrip(head)
        for field in head.headers["WWW-Authenticate"] { checkChallenges(field) }
        if let challenge = AccessChallenge.detect(requestURL: "https://gw.example.com/", head: head) {
            guard AccessChallenge.statuses.contains(challenge.status) else { fatalError("challenge on status \(challenge.status)") }
            _ = challenge.clawPairError.description
        }
        if let handshake = WebSocketHandshake(nonce: Array("the sample nonce".utf8)) {
            _ = try? handshake.validate(head)
        }
    }

    // The same bytes as a WWW-Authenticate value and as a URL.
    checkChallenges(String(decoding: bytes, as: UTF8.self))
    if let origin = AccessOrigin(url: String(decoding: bytes, as: UTF8.self)) {
        guard AccessOrigin(url: origin.description) == origin else { fatalError("origin does not round-trip: \(origin)") }
    }
    return 0
}

/// A head written back out must parse to the same head.
private func checkHeadRoundTrip(_ head: HTTPResponseHead) {
    var text = "HTTP/\(head.version.major).\(head.version.minor) \(head.status) \(head.reason)\r\n"
    for (name, value) in head.headers { text += "\(name): \(value)\r\n" }
    text += "\r\n"
    // Roomy: writing adds a space after each colon.
    let roomy = HTTPResponseParser.Limits(headerSectionBytes: 2 * HTTPResponseParser.Limits.defaultHeaderSectionBytes, headerCount: 100)
    guard let again = try? HTTPResponse(parsing: Array(text.utf8), requestMethod: .head, limits: roomy), again.head == head else {
        fatalError("head does not round-trip:\n\(head)")
    }
}

/// Accepted challenges, written back with every parameter quoted, must parse the same.
private func checkChallenges(_ value: String) {
    guard let challenges = try? HTTPAuthenticationChallenge.parse(value) else { return }
    let text = challenges.map { challenge in
        if let token68 = challenge.token68 { return "\(challenge.scheme) \(token68)" }
        if challenge.parameters.isEmpty { return challenge.scheme }
        let parameters = challenge.parameters.map { parameter in
            // By scalar: a prepended or combining mark joins a backslash or quote into one Character.
            var quoted = "\""
            for scalar in parameter.value.unicodeScalars {
                if scalar == "\\" || scalar == "\"" { quoted.unicodeScalars.append("\\") }
                quoted.unicodeScalars.append(scalar)
            }
            return "\(parameter.name)=\(quoted)\""
        }
        return "\(challenge.scheme) \(parameters.joined(separator: ", "))"
    }.joined(separator: ", ")
    guard let again = try? HTTPAuthenticationChallenge.parse(text), again == challenges else {
        fatalError("challenges do not round-trip: \(value.debugDescription) -> \(text.debugDescription)")
    }
}
