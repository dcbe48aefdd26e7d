import ClawPairKit

/// How `clawpair sim` runs (its flags, spec/cli.md `sim`).
public struct SimConfiguration: Sendable {
    /// How the sim announces itself.
    public enum Advertising: String, Sendable, Hashable, CaseIterable {
        /// `_openclaw-gw._tcp` over mDNS through avahi-daemon.
        case mdns
        /// Not at all (unless a zone file is written).
        case none
    }

    /// The gateway's port; 0 picks a free one.
    public var port: UInt16 = 0
    /// Serve `wss` with the sim's self-signed certificate.
    public var tls = false
    /// The display name (instance name without ` (OpenClaw)`).
    public var name = "clawpair sim"
    public var advertising: Advertising = .none
    /// Where to write a unicast DNS-SD zone, if anywhere.
    public var zonePath: String?
    /// The domain of that zone.
    public var zoneDomain = "openclaw.internal."
    /// Approve every pairing request as it is made.
    public var autoApprove = false
    /// How long a pairing request waits for approval before it expires (`PAIRING_EXPIRED`).
    public var pairingTTLMs: Int64 = SimState.pendingPairingTTLMs
    /// Where pending requests, approvals and connections are logged, one line each.
    public var log: DaemonLog?
    /// The loopback admin endpoint's port; 0 picks a free one.
    public var adminPort: UInt16 = 0
    /// Where the certificate lives.
    public var home: StateDirectory
    /// The address to listen on; nil means loopback unless advertising (then every IPv4 and
    /// every IPv6 address, so other hosts can reach what is advertised: avahi announces the
    /// host's IPv6 addresses too).
    public var bindAddress: IPAddress?
    /// `policy.tickIntervalMs`.
    public var tickInterval: Duration = .seconds(30)
    /// The shared gateway token, if clients may authenticate with one.
    public var sharedToken: Secret?
    /// The gateway password, if clients may authenticate with one.
    public var sharedPassword: Secret?
    /// Failed authentications from one client address within a minute before it is refused
    /// with `AUTH_RATE_LIMITED` for five minutes; 0 turns the limit off.
    public var authFailureLimit = SimAuthFailureLimiter.defaultLimit
    /// The id of a node host installed next to the gateway; its node sessions from loopback
    /// must run the gateway's version (`CLIENT_VERSION_MISMATCH`).
    public var localNodeId: String?
    /// `gateway.auth.allowTailscale`: admit verified Tailscale Serve identities.
    public var allowTailscale = false
    /// What `tailscale whois` would answer per client address (the sim's stand-in for
    /// tailscaled, from `$CLAWPAIR_SIM_TAILSCALE_WHOIS`).
    public var tailscaleWhois: [IPAddress: String] = [:]
    /// Answer `node.event` with a bare `{ok: true}` (a gateway older than presence).
    public var oldGateway = false
    /// `server.version` in `hello-ok`.
    public var gatewayVersion = ClawPairVersion.current

    public init(home: StateDirectory) {
        self.home = home
    }

    /// The address actually bound.
    var effectiveBindAddress: IPAddress {
        if let bindAddress { return bindAddress }
        return advertises ? .v4([0, 0, 0, 0]) : .v4([127, 0, 0, 1])
    }

    /// Whether the IPv6 wildcard is bound as well, on the same port: when advertising without
    /// an explicit `--bind`.
    var listensOnIPv6Too: Bool { bindAddress == nil && advertises }

    private var advertises: Bool { advertising == .mdns || zonePath != nil }
}
