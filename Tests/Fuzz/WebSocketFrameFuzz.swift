// libFuzzer entry point for the WebSocket frame parser and message assembler: untrusted bytes
// from a gateway (or, for `clawpair sim`, from a client). The first input byte picks the role
// (odd: we are the server); the rest is the byte stream. Frames must come out the same however
// the stream is split, re-encode and parse back to themselves, and messages must respect the
// assembler's rules. The UTF-8 validator is checked against the standard library's.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

/// Frame and message limits: small for CI's inputs (``ciMaximumInputBytes``), so the fuzzer
/// reaches them; above, the sim's and the handshake's (64 KiB each before authentication).
private typealias Limits = (frameSize: Int, messageSize: Int)

private func frameLimits(inputSize size: Int) -> Limits {
    size <= ciMaximumInputBytes ? (300, 600) : (GatewayFrame.preAuthMaximumBytes, GatewayFrame.preAuthMaximumBytes)
}

private struct Outcome: Equatable {
    var frames: [WebSocketFrame] = []
    var error: WebSocketProtocolError.Code?
}

private func parse(_ chunks: [ArraySlice<UInt8>], role: WebSocketFrameParser.Role, limits: Limits) -> Outcome {
    var parser = WebSocketFrameParser(role: role, maximumFrameSize: limits.frameSize)
    var outcome = Outcome()
    do throws(WebSocketProtocolError) {
        for chunk in chunks {
            parser.append(chunk)
            while let frame = try parser.nextFrame() { outcome.frames.append(frame) }
        }
    } catch {
        outcome.error = error.code
        // Failure sticks.
        guard (try? parser.nextFrame()) == nil else { fatalError("the parser recovered after \(error)") }
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func webSocketFrameFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    let role: WebSocketFrameParser.Role = selector & 1 == 0 ? .client : .server
    let stream = bytes[1...]

    let limits = frameLimits(inputSize: size)
    let whole = parse([stream], role: role, limits: limits)
    let split = stream.startIndex + Int(selector) * stream.count / 256
    guard parse([stream[..<split], stream[split...]], role: role, limits: limits) == whole else { fatalError("split at \(split) differs") }
    if stream.count <= 600 {
        guard parse(stream.indices.map { stream[$0...$0] }, role: role, limits: limits) == whole else { fatalError("byte-by-byte differs") }
    }

    var assembler = WebSocketMessageAssembler(maximumMessageSize: limits.messageSize)
    for frame in whole.frames {
        guard frame.payload.count <= limits.frameSize, (frame.maskKey != nil) == (role == .server),
            !frame.rsv1, !frame.rsv2, !frame.rsv3,
            !frame.opcode.isControl || (frame.fin && frame.payload.count <= WebSocketFrame.maximumControlPayloadSize)
        else { fatalError("a frame broke a header rule: \(frame)") }

        // Re-encoded (with the shortest length form), the frame parses back to itself.
        var again = WebSocketFrameParser(role: role, maximumFrameSize: limits.frameSize)
        again.append(frame.encoded())
        guard let reparsed = try? again.nextFrame(), reparsed == frame, again.bufferedByteCount == 0 else {
            fatalError("frame does not round-trip: \(frame)")
        }

        do {
            guard let message = try assembler.append(frame) else { continue }
            switch message {
            case .text(let text):
                guard text.utf8.count <= limits.messageSize else { fatalError("text message over the limit") }
            case .binary(let payload):
                guard payload.count <= limits.messageSize else { fatalError("binary message over the limit") }
            case .ping(let payload), .pong(let payload):
                guard payload.count <= WebSocketFrame.maximumControlPayloadSize else { fatalError("control payload over 125") }
            case .close(let close):
                guard close.code.map(\.isValidOnWire) ?? true else { fatalError("invalid close code delivered") }
                guard (try? WebSocketClosePayload(parsing: close.encoded())) == close else { fatalError("close does not round-trip") }
            }
        } catch {
            break
        }
    }

    // The streaming UTF-8 validator agrees with the standard library, whole and split.
    let valid = String(validating: stream, as: UTF8.self) != nil
    guard WebSocketUTF8Validator.isValid(stream) == valid else { fatalError("UTF-8 validator disagrees") }
    var validator = WebSocketUTF8Validator()
    let first = validator.validate(stream[..<split])
    let second = validator.validate(stream[split...])
    guard (first && second && validator.isComplete) == valid else { fatalError("split UTF-8 validation disagrees") }

    // The stream as a close payload.
    if let close = try? WebSocketClosePayload(parsing: Array(stream)) {
        guard close.encoded() == Array(stream) else { fatalError("close payload does not re-encode to its bytes") }
    }
    return 0
}
