/// The HTTP/1.1 upgrade to WebSocket (RFC 6455 §4.1) on a connected ``ByteStream``: the
/// probe's `http` stage and the start of every session (spec/routes-and-tls.md).
///
/// A value describing the request; ``perform(on:until:nonce:)`` sends it and reads the
/// answer with ``HTTPResponseParser``, bounded by ``headSectionLimit`` and the caller's
/// deadline. A complete answer is a ``WebSocketUpgradeResult`` either way; only transport
/// failures and malformed HTTP throw.
public struct WebSocketUpgrade: Sendable {
    /// 16 KiB: the parser's default head limit; gateway, Access and Cloudflare heads are a
    /// few hundred bytes to a few KiB. Bounds what a hostile server makes us buffer.
    public static let headSectionLimit = HTTPResponseParser.Limits.defaultHeaderSectionBytes
    /// 512 bytes of a refusal's body: enough for an error page's title or a JSON error,
    /// small enough to print (spec/routes-and-tls.md, stage `http`).
    public static let rejectionBodyPrefixBytes = 512
    /// 500 ms for a refusal's body after its head: the body is a hint for the report, not a
    /// reason to hold the probe; servers send it with the head or right after.
    public static let rejectionBodyGrace: Duration = .milliseconds(500)
    /// 4 KiB per read while waiting for the head: one head fits; the 101's first frames
    /// that may follow are kept for the client.
    static let readChunkBytes = 4096

    /// The request target: the route's context path, or `/`.
    public var target: String
    /// The `Host` field: the host, with `:port` unless it is the scheme's default.
    public var host: String
    /// The URL the caller asked for (`wss://…`): the origin a Cloudflare Access challenge
    /// must name. Independent of the transport actually used.
    public var requestURL: String
    /// Added after the handshake's own fields (an Access token, …); handshake-owned names
    /// are dropped (see ``WebSocketHandshake/request(target:host:extraHeaders:)``).
    public var extraHeaders: HTTPHeaders
    /// The largest message the client accepts.
    public var maximumMessageSize: Int

    /// An upgrade with every field given.
    public init(
        target: String, host: String, requestURL: String, extraHeaders: HTTPHeaders = HTTPHeaders(),
        maximumMessageSize: Int = WebSocketMessageAssembler.defaultMaximumMessageSize
    ) {
        self.target = target
        self.host = host
        self.requestURL = requestURL
        self.extraHeaders = extraHeaders
        self.maximumMessageSize = maximumMessageSize
    }

    /// The upgrade for `route`: target = its context path or `/`, `Host` from its authority.
    public init(
        route: GatewayRoute, extraHeaders: HTTPHeaders = HTTPHeaders(),
        maximumMessageSize: Int = WebSocketMessageAssembler.defaultMaximumMessageSize
    ) {
        self.init(
            target: route.contextPath ?? "/", host: Self.hostField(for: route), requestURL: route.url,
            extraHeaders: extraHeaders, maximumMessageSize: maximumMessageSize)
    }

    /// `Host` for `route`: RFC 7230 §5.4 omits the port when it is the scheme's default
    /// (443 for wss, 80 for ws; the gateway's 18789 is not a URL default).
    public static func hostField(for route: GatewayRoute) -> String {
        let defaultPort = route.tls ? 443 : 80
        return route.port == defaultPort ? route.urlHost : route.authority
    }

    /// Sends the upgrade request and reads the answer by `deadline`.
    ///
    /// `nonce` (16 bytes) is for tests; by default it comes from the system's cryptographic
    /// generator, as §4.1 requires. Throws ``NetworkError`` (timed out, closed before a whole
    /// head) or ``HTTPWireError`` (a malformed or oversized head).
    public func perform(
        on stream: any ByteStream, until deadline: ContinuousClock.Instant, nonce: [UInt8]? = nil
    ) async throws -> WebSocketUpgradeResult {
        let handshake = WebSocketHandshake(nonce: nonce ?? Self.randomNonce())
        guard let handshake else { preconditionFailure("a WebSocket nonce is 16 bytes, not \(nonce?.count ?? 0)") }
        let request = try handshake.request(target: target, host: host, extraHeaders: extraHeaders).encoded()
        try await stream.write(request, until: deadline)

        var parser = HTTPResponseParser(requestMethod: .get, limits: .init(headerSectionBytes: Self.headSectionLimit))
        let head = try await readHead(from: stream, into: &parser, until: deadline)
        do {
            try handshake.validate(head)
        } catch {
            let body = await readBodyPrefix(from: stream, into: &parser, until: min(deadline, .now + Self.rejectionBodyGrace))
            return .rejected(
                WebSocketUpgradeRejection(
                    status: head.status, reason: head.reason, headers: head.headers, bodyPrefix: body,
                    accessChallenge: AccessChallenge.detect(requestURL: requestURL, head: head), handshakeError: error))
        }
        let client = WebSocketClient(
            stream: stream, initialBytes: parser.takeRemainingBytes(), maximumMessageSize: maximumMessageSize,
            maskKeys: WebSocketClient.randomMaskKey)
        return .upgraded(client)
    }

    /// A fresh 16-byte nonce from the system's cryptographic generator.
    static func randomNonce() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in generator.next() as UInt8 }
    }

    private func readHead(
        from stream: any ByteStream, into parser: inout HTTPResponseParser, until deadline: ContinuousClock.Instant
    ) async throws -> HTTPResponseHead {
        var ended = false
        while true {
            if case .head(let head)? = try parser.nextPart() { return head }
            guard !ended else {
                throw NetworkError(.closedByPeer, "the server closed the connection before a whole response head")
            }
            let bytes = try await stream.read(upTo: Self.readChunkBytes, until: deadline)
            if bytes.isEmpty {
                ended = true
                parser.finishInput()
            } else {
                parser.append(bytes)
            }
        }
    }

    /// Up to ``rejectionBodyPrefixBytes`` of the body, whatever arrived by `deadline`; never
    /// fails (the body is only a hint).
    private func readBodyPrefix(
        from stream: any ByteStream, into parser: inout HTTPResponseParser, until deadline: ContinuousClock.Instant
    ) async -> [UInt8] {
        var body: [UInt8] = []
        var ended = false
        while body.count < Self.rejectionBodyPrefixBytes {
            let part: HTTPResponsePart?
            do { part = try parser.nextPart() } catch { break }
            switch part {
            case .body(let bytes)?:
                body += bytes.prefix(Self.rejectionBodyPrefixBytes - body.count)
            case .end?, .head?:
                return body
            case nil:
                guard !ended, !parser.isUpgraded else { return body }
                guard let bytes = try? await stream.read(upTo: Self.readChunkBytes, until: deadline) else { return body }
                if bytes.isEmpty {
                    ended = true
                    parser.finishInput()
                } else {
                    parser.append(bytes)
                }
            }
        }
        return body
    }
}
