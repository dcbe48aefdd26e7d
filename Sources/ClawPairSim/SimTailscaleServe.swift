import ClawPairKit

/// Tailscale Serve identity auth as the gateway does it with `gateway.auth.allowTailscale`:
/// a connect without a token or password that reached the gateway through the host's own
/// `tailscale serve` proxy (a loopback peer plus `X-Forwarded-For`, `-Proto` and `-Host`)
/// and carries `Tailscale-User-Login` is admitted as that login when a whois lookup of the
/// forwarded client address names the same login (case ignored).
///
/// The gateway keeps the reason a check failed to itself: a failed check falls through to
/// the token or password check, so a client sees `AUTH_TOKEN_MISSING` (or
/// `AUTH_TOKEN_NOT_CONFIGURED` on a Tailscale-only gateway), never an `AUTH_TAILSCALE_*`
/// code. The sim records the reason on the attempt instead (`GET /attempts`).
public struct SimTailscaleServe: Sendable {
    /// The environment variable with the whois answers (a test hook standing in for
    /// tailscaled): `ADDR=LOGIN` pairs separated by commas.
    public static let whoisVariable = "CLAWPAIR_SIM_TAILSCALE_WHOIS"

    /// Client address → the login tailscaled would name for it; an address not listed is a
    /// failed lookup.
    let whois: [IPAddress: String]

    /// How one connect fared.
    enum Check: String, Sendable, Hashable {
        /// A loopback peer without forwarded headers: a local client, not Serve traffic; the
        /// gateway does not try Tailscale auth for it.
        case localDirect = "local-direct"
        /// No `Tailscale-User-Login`.
        case identityMissing = "identity-missing"
        /// The identity header without the proxy's forwarded headers, or from a peer other
        /// than loopback (anyone can send the header; only the local proxy is believed).
        case proxyMissing = "proxy-missing"
        /// No client address in `X-Forwarded-For`, or whois does not know it.
        case whoisFailed = "whois-failed"
        /// Whois names another login than the header.
        case identityMismatch = "identity-mismatch"
        /// Verified.
        case verified
    }

    /// The verdict on one upgrade request's `headers` from `peer`; `login` is the login
    /// whois named when verified.
    func check(headers: HTTPHeaders, peer: IPAddress) -> (check: Check, login: String?) {
        let forwarded = ["Forwarded", "X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host", "X-Real-IP"]
        if Self.isLoopback(peer) && !forwarded.contains(where: { headers.contains(name: $0) }) { return (.localDirect, nil) }
        guard let claimed = Self.nonEmpty(headers.first(name: "Tailscale-User-Login")) else { return (.identityMissing, nil) }
        let proxied = ["X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host"].allSatisfy {
            Self.nonEmpty(headers.first(name: $0)) != nil
        }
        guard Self.isLoopback(peer), proxied else { return (.proxyMissing, nil) }
        guard let client = Self.forwardedClient(headers.first(name: "X-Forwarded-For") ?? ""),
            let login = whois[client].flatMap(Self.nonEmpty)
        else { return (.whoisFailed, nil) }
        guard login.lowercased() == claimed.lowercased() else { return (.identityMismatch, nil) }
        return (.verified, login)
    }

    /// The client the proxy saw: the right-most `X-Forwarded-For` entry that is not the
    /// (loopback) proxy itself; nil when that entry is no address.
    static func forwardedClient(_ value: String) -> IPAddress? {
        let entries = value.split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty }
        for entry in entries.reversed() {
            guard let address = IPAddress(entry) else { return nil }
            if !isLoopback(address) { return address }
        }
        return nil
    }

    /// Parses `ADDR=LOGIN[,ADDR=LOGIN…]` (addresses as ``IPAddress`` parses them).
    public static func parseWhois(_ text: String) -> Result<[IPAddress: String], WhoisSyntaxError> {
        var answers: [IPAddress: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let address = IPAddress(trimmed(String(parts[0]))),
                let login = nonEmpty(String(parts[1]))
            else { return .failure(WhoisSyntaxError(pair: String(pair.prefix(80)))) }
            answers[address] = login
        }
        return .success(answers)
    }

    public struct WhoisSyntaxError: Error, Sendable {
        /// The pair that is not `ADDR=LOGIN` (at most 80 characters of it).
        public let pair: String
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let value = trimmed(text)
        return value.isEmpty ? nil : value
    }

    private static func isLoopback(_ address: IPAddress) -> Bool { HostPolicy.isLoopback(address.description) }

    private static func trimmed(_ text: String) -> String { SimConnectEvaluator.trimmed(text) }
}
