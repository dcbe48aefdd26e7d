/// The headers every request to a gateway carries (spec/cloudflare-access.md "Using it"):
/// the entry's custom headers that ``CustomHeaderRules`` allow, in order, plus
/// `Cf-Access-Token` while the origin's Access session is valid, replacing a custom header
/// of that name. Probe, pair and the daemon all ask here, so no path forgets one.
///
/// A connection is made through ``GatewayHeaderSources/headers(for:)`` per route: probe,
/// pair and the daemon (``SessionInputs/requestHeaders(nowMs:)``) all pass their sources to
/// the route connector, which sends ``headers`` on the upgrade, refuses a route whose
/// ``expiredSession`` is set (``AccessSessionCheck/expiredError(_:url:)``, "sign in again"),
/// and reports a challenge despite ``accessSession`` as revoked
/// (`RouteProber.rejectionError(_:route:sentSession:)`). The daemon pauses on both and
/// resumes when the origin's stored session changes (a new `access login`); pairing and
/// device tokens are kept throughout.
public struct GatewayRequestHeaders: Sendable, Hashable {
    /// The headers to add after the request's own (the WebSocket handshake's, …).
    public var headers: HTTPHeaders
    /// The Access session whose token is in ``headers``, if any.
    public var accessSession: AccessSession?
    /// The origin's stored session when it has expired (not sent): say "sign in again"
    /// instead of showing the challenge that will follow.
    public var expiredSession: AccessSession?

    /// ``headers`` with `extra` (a command line's `--header`s, a caller's own) after them,
    /// each replacing the fields of its name.
    public func headers(overriddenBy extra: HTTPHeaders) -> HTTPHeaders {
        var merged = headers
        for (name, _) in extra { merged.remove(name: name) }
        for (name, value) in extra { merged.add(name: name, value: value) }
        return merged
    }

    /// For `record` at `nowMs`, with its origin's session read from `registry`.
    /// The origin is the entry's Access origin, else its route's (the proven one first).
    public static func `for`(record: GatewayRecord, registry: GatewayRegistry, nowMs: Int64) throws(ClawPairError) -> GatewayRequestHeaders {
        let entry = record.entry
        let origin = entry.accessOrigin ?? (entry.provenRoute ?? entry.configuredRoute?.url).flatMap { AccessOrigin(url: $0)?.description }
        let session = try origin.flatMap { origin throws(ClawPairError) in try registry.accessSession(origin: origin) }
        return self.for(customHeaders: record.credentials.customHeaders, session: session, nowMs: nowMs)
    }

    /// For custom headers and an origin's session (nil: none stored).
    public static func `for`(customHeaders: [CustomHeader], session: AccessSession?, nowMs: Int64) -> GatewayRequestHeaders {
        var headers = HTTPHeaders()
        for header in customHeaders where CustomHeaderRules.problem(name: header.name, value: header.value.revealed) == nil {
            headers.add(name: header.name, value: header.value.revealed)
        }
        guard let session else { return GatewayRequestHeaders(headers: headers) }
        guard session.isValid(atMs: nowMs) else { return GatewayRequestHeaders(headers: headers, expiredSession: session) }
        headers.replaceOrAdd(name: CustomHeaderRules.accessTokenHeader, value: session.token.revealed)
        return GatewayRequestHeaders(headers: headers, accessSession: session)
    }
}

/// What the headers of a gateway's requests are made from, before the route is known: the
/// entry's custom headers and the stored Access sessions (one per origin). A prober or
/// connector asks ``headers(for:)`` per route, since routes of one gateway may have
/// different origins.
public struct GatewayHeaderSources: Sendable, Hashable {
    public var customHeaders: [CustomHeader]
    public var accessSessions: [AccessSession]
    /// Unix ms at which validity is judged.
    public var nowMs: Int64

    public init(customHeaders: [CustomHeader] = [], accessSessions: [AccessSession] = [], nowMs: Int64 = WallClock.nowMs()) {
        self.customHeaders = customHeaders
        self.accessSessions = accessSessions
        self.nowMs = nowMs
    }

    /// The headers of a request to `url` (a route URL): the session of its origin, if any.
    public func headers(for url: String) -> GatewayRequestHeaders {
        let origin = AccessOrigin(url: url)?.description
        let session = origin.flatMap { origin in accessSessions.first { $0.origin == origin } }
        return GatewayRequestHeaders.for(customHeaders: customHeaders, session: session, nowMs: nowMs)
    }

    /// The sources for `record`: its custom headers, and every session stored in `registry`.
    public static func `for`(record: GatewayRecord?, registry: GatewayRegistry, nowMs: Int64) throws(ClawPairError) -> GatewayHeaderSources {
        GatewayHeaderSources(customHeaders: record?.credentials.customHeaders ?? [], accessSessions: try registry.accessSessions(), nowMs: nowMs)
    }
}
