/// One remedy per failure code, in words a user can act on (spec/routes-and-tls.md,
/// "Verdict and remedies"). Pure: the facts come from the route and its stages' details.
public enum ProbeRemedy {
    /// The remedy for `route`'s failure, or nil when it did not fail.
    public static func remedy(for route: RouteProbe) -> String? {
        guard let failure = route.failure else { return nil }
        let gateway = route.candidate.route
        let detail = route.stages.last { $0.layer == failure.layer }?.detail ?? .object([])
        let host = gateway.host
        let port = gateway.port
        // Hosts come from setup codes and discovery: whatever a command line names is quoted.
        let resolve = "CLAWPAIR_RESOLVE=" + ShellQuoting.quote("\(host):\(port):ADDRESS")
        switch failure.code {
        case .dnsNXDomain:
            return "check the spelling of \(host); for a name only your LAN knows use its .local name, "
                + "or set \(resolve)"
        case .dnsTimeout, .dnsFailure:
            return "check this machine's resolver (/etc/resolv.conf; `clawpair doctor`), "
                + "or set \(resolve)"
        case .tcpRefused, .tcpTimeout, .tcpUnreachable:
            return connectRemedy(failure.code, host: host, port: port)
        case .tlsHandshakeFailed:
            return "the port may not speak TLS: check the gateway's TLS setting (on a local network ws:// may be right)"
        case .tlsUntrusted:
            let fingerprint = detail["fingerprint"]?.stringValue ?? "the fingerprint above"
            return "verify \(fingerprint) on the gateway host with `openssl x509 -noout -fingerprint -sha256 -in CERT`, "
                + "then probe with --fingerprint \(ShellQuoting.quote(fingerprint)) (pair with --trust)"
        case .tlsNameMismatch:
            let subject = detail["subject"]?.stringValue.map { " (\($0))" } ?? ""
            return "use a host name the certificate lists\(subject), or pin it with --fingerprint after verifying it"
        case .tlsExpired:
            return "renew the gateway's certificate, or check the clocks of this machine and the gateway host"
        case .tlsPinMismatch:
            let expected = detail["expectedPin"]?.stringValue ?? "the pinned fingerprint"
            let actual = detail["fingerprint"]?.stringValue ?? "another one"
            return "expected \(expected), got \(actual): if the gateway's certificate was replaced on purpose, check it on "
                + "the gateway host with `openssl x509 -noout -fingerprint -sha256 -in CERT`, then re-pair or run "
                + "`clawpair gateways trust`; otherwise something is intercepting the connection"
        case .plaintextNotAllowed:
            return GatewayRoute.plaintextRemedy
        case .httpAccessChallenge:
            let login = detail["loginHost"]?.stringValue.map { " (sign-in at \($0))" } ?? ""
            return accessLogin(gateway.url) + login
        case .accessSessionExpired:
            return "sign in again: " + accessLogin(gateway.url)
        case .httpUnexpectedStatus:
            let status = detail["status"].flatMap { if case .integer(let s) = $0 { s } else { nil } }
            let answered = status.map { "answered \($0)" } ?? "did not answer"
            return "the server at \(gateway.authority) \(answered) instead of a WebSocket upgrade: check the port and "
                + "the path, and that a reverse proxy in front forwards WebSocket upgrades"
        case .wsUpgradeRejected where plaintextMetTLS(route):
            let secure = (try? GatewayRoute(host: host, port: port, tls: true, contextPath: gateway.contextPath))?.url ?? "wss://"
            return "the server at \(gateway.authority) ended a plaintext upgrade without an HTTP answer, as a TLS port does: "
                + "try \(secure)"
        case .wsUpgradeRejected, .wsProtocolError:
            return "something between here and the gateway does not speak WebSocket correctly: check the port, "
                + "and that a proxy forwards the Upgrade and Connection headers"
        case .gatewayNoChallenge:
            return "a WebSocket server answers on \(gateway.authority) but sent no connect.challenge: check this is "
                + "the OpenClaw gateway's port (default 18789), or restart the gateway"
        case .gatewayProtocolError:
            return "the server is not an OpenClaw gateway, or speaks an incompatible version: update the gateway"
        default:
            return nil
        }
    }

    /// A `ws://` route whose upgrade was hung up on or answered with something not HTTP: the
    /// port most likely speaks TLS (``RouteProber``'s `ended` detail).
    public static func plaintextMetTLS(_ route: RouteProbe) -> Bool {
        guard !route.candidate.route.tls, let failure = route.failure, failure.layer == .http else { return false }
        let ended = route.stages.last { $0.layer == .http }?.detail["ended"]?.stringValue
        return ended == "closed" || ended == "notHTTP"
    }

    /// The one remedy for a missing, expired or revoked Cloudflare Access session.
    public static func accessLogin(_ url: String) -> String {
        "run `clawpair access login \(ShellQuoting.quote(url))`"
    }

    /// The remedy for a failed TCP connect to `host:port` (`TCP_REFUSED`, `TCP_TIMEOUT`,
    /// `TCP_UNREACHABLE`), for the probe's verdict and for every other command that connects.
    public static func connectRemedy(_ code: ClawPairError.Code, host: String, port: Int) -> String? {
        switch code {
        case .tcpRefused:
            return "nothing listens on \(GatewayRoute.authority(host: host, port: port)): start the gateway, check its port, "
                + "or make it listen beyond loopback (gateway.bind)"
        case .tcpTimeout:
            return "the packets are dropped: check that \(host) is up and that no firewall blocks port \(port); "
                + "from another network use the gateway's tailnet route"
        case .tcpUnreachable:
            return "there is no route from here to \(host): join the gateway's network (LAN or tailnet) or use another route"
        default:
            return nil
        }
    }
}
