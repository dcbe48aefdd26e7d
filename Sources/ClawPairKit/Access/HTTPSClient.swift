/// One HTTPS request per connection, as the Access flow needs them (spec/cloudflare-access.md
/// "Other details"): system trust only (no pin; the trust roots honour `SSL_CERT_FILE`),
/// redirects never followed (a 3xx is returned as it is), the body capped, the whole
/// exchange bounded by a timeout, names resolved through `CLAWPAIR_RESOLVE` first.
///
/// Nothing is written before the TLS peer is trusted, so headers carrying tokens never reach
/// an unverified server.
public struct HTTPSClient: Sendable {
    /// The User-Agent of the OpenClaw app's Access client, which the edge knows.
    public static let userAgent = "OpenClaw CloudflareAccess (cloudflared/clawpair-\(ClawPairVersion.current))"
    /// 15 s per request, the app's bound (the transfer poll uses 60 s).
    public static let defaultTimeout: Duration = .seconds(15)
    /// 1 MiB, the app's cap on a response body.
    public static let defaultBodyLimit = 1024 * 1024

    public var overrides: ResolveOverrides
    public var tls: TLSConfiguration
    let reactor: IOReactor

    public init(reactor: IOReactor, overrides: ResolveOverrides = ResolveOverrides(), tls: TLSConfiguration = TLSConfiguration()) {
        self.reactor = reactor
        self.overrides = overrides
        self.tls = tls
    }

    /// Sends `method` to the `https` URL `url` with `headers` (after Host and User-Agent) and
    /// returns the whole response. Throws the connection's ``ClawPairError`` (dns, tcp, tls
    /// codes), `ACCESS_TIMED_OUT`, or `ACCESS_RESPONSE_INVALID` for a malformed or oversized
    /// response.
    public func send(
        _ method: HTTPMethod, _ url: String, headers: HTTPHeaders = HTTPHeaders(), timeout: Duration = defaultTimeout,
        bodyLimit: Int = defaultBodyLimit
    ) async throws -> HTTPResponse {
        guard let parts = AccessURL(url), parts.scheme == "https", !parts.hasUserinfo, let port = UInt16(exactly: parts.port ?? 443)
        else { throw ClawPairError(.usage, "not an https URL without userinfo: \(url)") }
        let deadline = ContinuousClock.now + timeout
        let host = parts.host.hasPrefix("[") ? String(parts.host.dropFirst().dropLast()) : parts.host
        var connector = TCPRouteConnector(reactor: reactor, overrides: overrides, timeout: timeout)
        connector.resolveTimeout = timeout
        let report = await connector.connect(host: host, port: port)
        try Task.checkCancellation()
        guard let tcp = report.connection else {
            throw report.error ?? ClawPairError(.tcpFailed, "no address of \(host) could be tried")
        }
        let tls = try await TLSConnection.handshake(over: tcp, serverName: parts.host, configuration: tls, until: deadline)
        let session = try tls.accept(pin: nil)

        var fields = HTTPHeaders()
        fields.add(name: "User-Agent", value: Self.userAgent)
        fields.add(name: "Accept", value: "*/*")
        fields.add(name: "Connection", value: "close")
        for (name, value) in headers { fields.replaceOrAdd(name: name, value: value) }
        let target = (parts.path.isEmpty ? "/" : parts.path) + (parts.query.map { "?" + $0 } ?? "")
        let authority = parts.port.map { "\(parts.host):\($0)" } ?? parts.host
        let request = try HTTPRequest(method: method, target: target, host: authority, headers: fields).encoded()
        let response: HTTPResponse
        do {
            try await session.write(request, until: deadline)
            response = try await Self.readResponse(from: session, method: method, bodyLimit: bodyLimit, until: deadline, url: url)
        } catch {
            await session.close(until: .now + Self.closeGrace)
            try Task.checkCancellation()
            guard let error = error as? NetworkError else { throw error }
            if error.code == .timedOut { throw ClawPairError(.accessTimedOut, "\(Self.display(url)) did not answer within \(timeout)") }
            throw ClawPairError(.accessResponseInvalid, "\(Self.display(url)) ended the connection early (\(error.reason))")
        }
        await session.close(until: .now + Self.closeGrace)
        return response
    }

    /// Saying goodbye (close_notify) is best effort.
    static let closeGrace: Duration = .milliseconds(500)

    private static func readResponse(
        from stream: some ByteStream, method: HTTPMethod, bodyLimit: Int, until deadline: ContinuousClock.Instant, url: String
    ) async throws -> HTTPResponse {
        var parser = HTTPResponseParser(requestMethod: method, limits: .init(bodyBytes: bodyLimit))
        var head: HTTPResponseHead?
        var body: [UInt8] = []
        var ended = false
        while true {
            let part: HTTPResponsePart?
            do { part = try parser.nextPart() } catch {
                throw ClawPairError(.accessResponseInvalid, "\(display(url)) sent an invalid or oversized response: \(error.reason)")
            }
            switch part {
            case .head(let value)?: head = value
            case .body(let bytes)?: body += bytes
            case .end?:
                guard let head else { continue }
                return HTTPResponse(head: head, body: body)
            case nil:
                guard !ended else {
                    throw ClawPairError(.accessResponseInvalid, "\(display(url)) closed the connection before a whole response")
                }
                let bytes = try await stream.read(upTo: 16384, until: deadline)
                if bytes.isEmpty {
                    ended = true
                    parser.finishInput()
                } else {
                    parser.append(bytes)
                }
            }
        }
    }

    /// The URL without its query (which may carry a public key, but is noise in a message).
    static func display(_ url: String) -> String {
        String(url.prefix { $0 != "?" })
    }
}
