/// Where a candidate route came from (spec/routes-and-tls.md, "Where routes come from").
public enum RouteSource: String, Sendable, Hashable, CaseIterable {
    /// The registry entry's last proven route for a paired gateway.
    case registry
    /// A setup code's `url`, then its `urls`.
    case setupCode
    /// A gateway found by DNS-SD: its SRV target's addresses, then its `tailnetDns` hint.
    case discovery
    /// A host (and port) the user typed.
    case manual
}

/// One route to try, with where it came from and its place in the list.
public struct RouteCandidate: Sendable, Hashable {
    /// The route.
    public let route: GatewayRoute
    /// The source that first produced this route (a duplicate from a later source is dropped).
    public let source: RouteSource
    /// 0-based position in the list: lower is tried (and preferred) first.
    public let order: Int
}

/// The ordered, de-duplicated list of routes to a gateway — a pure plan, built before any
/// packet is sent (spec/routes-and-tls.md):
/// 1. the registry's last proven route;
/// 2. a setup code's `url`, then its `urls` in order;
/// 3. discovery: the SRV addresses of every `local.` instance, then those of wide-area
///    instances, then the `wss://<tailnetDns>` hints (port 443, Tailscale Serve) in the same
///    instance order — the documented policy is Bonjour LAN before tailnet;
/// 4. a manual host: a URL as given; a host without a scheme as ``GatewayRoute/schemeCandidates``
///    (`wss://` first, then `ws://` where plaintext is allowed).
/// A route already listed (same host, port, scheme and path) is dropped; the earlier source
/// keeps it.
public struct RouteList: Sendable, Hashable {
    /// The candidates, in order (`order` equals the index).
    public private(set) var candidates: [RouteCandidate] = []
    /// Discovered addresses or hints that could not become a route, with the reason.
    public private(set) var skipped: [SkippedRoute] = []

    /// A discovered address or hint that is not a valid route.
    public struct SkippedRoute: Sendable, Hashable {
        public let text: String
        public let reason: String
    }

    public init(
        registry: GatewayRoute? = nil, setupCode: SetupCode? = nil, discovered: [DiscoveredGateway] = [],
        manual: [GatewayRoute] = []
    ) {
        if let registry { append(registry, .registry) }
        if let setupCode { for route in setupCode.routes { append(route, .setupCode) } }
        appendDiscovered(discovered)
        for route in manual { append(route, .manual) }
    }

    /// The routes alone, in order.
    public var routes: [GatewayRoute] { candidates.map(\.route) }

    private mutating func append(_ route: GatewayRoute, _ source: RouteSource) {
        guard !candidates.contains(where: { $0.route == route }) else { return }
        candidates.append(RouteCandidate(route: route, source: source, order: candidates.count))
    }

    private mutating func appendDiscovered(_ gateways: [DiscoveredGateway]) {
        // Stable: LAN instances first, otherwise the caller's order.
        let ordered =
            gateways.filter { $0.domain == GatewayService.localDomain }
            + gateways.filter { $0.domain != GatewayService.localDomain }
        for gateway in ordered {
            let hosts = gateway.addresses.isEmpty ? [gateway.host] : gateway.addresses
            for host in hosts {
                do {
                    append(try GatewayRoute(host: host, port: Int(gateway.port), tls: gateway.tls), .discovery)
                } catch {
                    skipped.append(SkippedRoute(text: host, reason: error.reason))
                }
            }
        }
        for gateway in ordered {
            guard let name = gateway.tailnetDns, !name.isEmpty else { continue }
            do {
                append(try GatewayRoute(host: name, port: GatewayRoute.defaultTLSPort, tls: true), .discovery)
            } catch {
                skipped.append(SkippedRoute(text: name, reason: error.reason))
            }
        }
    }
}

extension GatewayRoute {
    /// The port for a manual host given without one: 443 for a Tailscale MagicDNS name
    /// (`*.ts.net`, served by Tailscale Serve), else the gateway's 18789.
    public static func defaultManualPort(host: String) -> Int {
        let name = host.lowercased().droppingFinalDot()
        return name.endsWithLabels(".ts.net") ? defaultTLSPort : defaultPlaintextPort
    }

    /// A route from what a user types: a URL (`wss://host:port/path`), or `host`,
    /// `host:port`, `[v6]`, `[v6]:port`, a bare IPv6 literal. Without a URL scheme, `tls`
    /// (`--tls`/`--no-tls`) decides and a missing port is that scheme's default; with
    /// neither, the port defaults by ``defaultManualPort(host:)`` and TLS is used exactly when
    /// the port is 443. A `tls` that contradicts the URL's scheme is an error.
    public init(manual text: String, tls: Bool? = nil) throws(SyntaxError) {
        let text = text.trimmingWhitespace()
        if text.contains("://") {
            try self.init(url: text)
            if let tls, tls != self.tls {
                throw SyntaxError(reason: "--\(self.tls ? "no-tls" : "tls") contradicts the URL's scheme")
            }
            return
        }
        var host = Substring(text)
        var portText: Substring? = nil
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw SyntaxError(reason: "unclosed '[' in host") }
            host = text[...close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw SyntaxError(reason: "unexpected text after ']' in host") }
                portText = after.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let value = Int(portText)
            else { throw SyntaxError(reason: "invalid port '\(portText)' (expected 1–65535)") }
            port = value
        } else if tls != nil {
            port = nil
        } else {
            let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : String(host)
            port = Self.defaultManualPort(host: bare)
        }
        try self.init(host: String(host), port: port, tls: tls ?? (port == Self.defaultTLSPort))
    }
}
