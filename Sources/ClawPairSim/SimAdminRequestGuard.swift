import ClawPairKit

/// Keeps the admin endpoint to this machine's own tools. It listens on loopback, but a web
/// page in the user's browser can still reach loopback: by DNS rebinding (its own name
/// resolved to 127.0.0.1, so `Host` is foreign) or by a cross-site request (`Origin` is
/// foreign; a form or `text/plain` POST needs no CORS preflight). So a request must name the
/// endpoint itself in `Host`, come from no other origin, and a POST must be
/// `application/json`, which a page can send cross-site only after a preflight the endpoint
/// never answers. Checked before any route runs.
struct SimAdminRequestGuard: Sendable {
    /// The port the endpoint listens on: `Host` and `Origin` must carry it.
    let port: UInt16

    /// The names of this machine that `Host` may use.
    static let loopbackHosts = ["127.0.0.1", "localhost", "[::1]"]

    /// The refusal for `head`, or nil when it may be routed.
    func refusal(_ head: HTTPRequestHead) -> SimAdminRouter.Response? {
        let hosts = head.headers["Host"]
        guard hosts.count == 1, let host = hosts.first else {
            // RFC 9112 §3.2: a request without exactly one Host is a bad request.
            return SimAdminRouter.error(400, SimAdminErrorCode.badRequest, "the request needs exactly one Host header")
        }
        let authorities = Self.loopbackHosts.map { "\($0):\(port)" }
        guard authorities.contains(where: { HTTPToken.equalsIgnoringCase($0, host) }) else {
            return SimAdminRouter.error(
                403, SimAdminErrorCode.hostNotAllowed, "Host \(host.prefix(64)) is not this endpoint (\(authorities.joined(separator: ", ")))")
        }
        let origins = authorities.map { "http://" + $0 }
        for origin in head.headers["Origin"] where !origins.contains(where: { HTTPToken.equalsIgnoringCase($0, origin) }) {
            return SimAdminRouter.error(403, SimAdminErrorCode.originNotAllowed, "requests from \(origin.prefix(64)) are not accepted")
        }
        if head.method == .post {
            let types = head.headers["Content-Type"]
            // The media type before any parameters (`; charset=utf-8`), without blanks.
            let mediaType = types.first.map { String($0.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }) } ?? ""
            guard types.count == 1, HTTPToken.equalsIgnoringCase(mediaType, "application/json") else {
                return SimAdminRouter.error(415, SimAdminErrorCode.unsupportedMediaType, "a POST must be Content-Type: application/json")
            }
        }
        return nil
    }
}
