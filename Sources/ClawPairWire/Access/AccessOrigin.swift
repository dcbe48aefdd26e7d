/// The origin one Cloudflare Access session belongs to: `https://<lowercased host>[:port]`,
/// `:443` dropped, no path (spec/cloudflare-access.md "Origin").
///
/// Every registry entry whose route has the same origin shares the session, and a challenge
/// counts only when its resource metadata URL has this origin.
public struct AccessOrigin: Sendable, Hashable {
    /// The host, lowercased; an IPv6 address in brackets.
    public let host: String
    /// The port, or nil for 443.
    public let port: Int?

    /// The origin of an `https` or `wss` URL without userinfo, query or fragment, at most
    /// 4096 bytes; nil for anything else. The path is ignored.
    public init?(url: String) {
        guard let parts = AccessURL(url), parts.scheme == "https" || parts.scheme == "wss" else { return nil }
        self.init(parts)
    }

    /// The origin of already-parsed parts; nil with userinfo, a query or a fragment.
    init?(_ parts: AccessURL) {
        guard !parts.hasUserinfo, parts.query == nil, parts.fragment == nil else { return nil }
        host = parts.host
        port = parts.port == 443 ? nil : parts.port
    }
}

extension AccessOrigin: CustomStringConvertible {
    /// `https://host[:port]`.
    public var description: String {
        port.map { "https://\(host):\($0)" } ?? "https://\(host)"
    }
}
