/// Which per-gateway custom headers may be sent (spec/cloudflare-access.md "Using it"):
/// never the ones that frame the request or the WebSocket upgrade, never an empty name, and
/// no name or value with control characters, which could split the request.
public enum CustomHeaderRules {
    /// Refused names, compared without case; every `sec-websocket-*` too.
    public static let forbiddenNames: Set<String> = ["connection", "content-length", "host", "proxy-connection", "upgrade"]
    /// The Access token header: allowed, but replaced by the session's token while it is valid.
    public static let accessTokenHeader = "Cf-Access-Token"

    /// Why `name: value` may not be sent, or nil when it may.
    public static func problem(name: String, value: String) -> String? {
        let lowered = HTTPToken.lowercased(name)
        if name.isEmpty { return "a header name cannot be empty" }
        if !HTTPToken.isToken(name) { return "\(name.debugDescription) is not a header name (letters, digits and !#$%&'*+-.^_`|~ only)" }
        if forbiddenNames.contains(lowered) || lowered.hasPrefix("sec-websocket-") {
            return "\(name) is set by clawpair itself and cannot be a custom header"
        }
        if value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "the value of \(name) holds control characters" }
        return nil
    }

    /// `headers` without those the rules refuse, in order.
    public static func filtered(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.filter { problem(name: $0.name, value: $0.value) == nil }
    }
}
