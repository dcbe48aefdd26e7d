/// The stages of a route probe, in the order they run (spec/routes-and-tls.md, "Stages of a
/// probe"). A later layer is only reached when every earlier one passed.
public enum ProbeLayer: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Resolving the host (literal, `CLAWPAIR_RESOLVE`, or the system resolver).
    case dns
    /// The TCP connect.
    case tcp
    /// The TLS handshake and the trust decision (`wss` only).
    case tls
    /// The Cloudflare Access session stored for the route's origin: valid (its token is sent)
    /// or expired. Only for a route whose origin has a session.
    case access
    /// The WebSocket upgrade.
    case http
    /// The gateway's `connect.challenge` event.
    case gateway

    /// Position in the stage order.
    public var depth: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: ProbeLayer, rhs: ProbeLayer) -> Bool { lhs.depth < rhs.depth }
}
