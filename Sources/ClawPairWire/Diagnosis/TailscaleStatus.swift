/// The parts of `tailscale status --json` that `clawpair doctor` reports. The rest (peers,
/// keys, the login URL) is ignored on purpose: nothing secret is kept.
public struct TailscaleStatus: Sendable, Hashable {
    /// tailscaled's state machine (`ipn.State`); unknown words stay representable.
    public struct BackendState: Sendable, Hashable {
        /// The word tailscaled uses (`Running`).
        public let rawValue: String

        /// A state from its word.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// tailscaled has not started its state machine.
        public static let noState = Self(rawValue: "NoState")
        /// Not logged in to a tailnet.
        public static let needsLogin = Self(rawValue: "NeedsLogin")
        /// Logged in; an admin must approve this machine.
        public static let needsMachineAuth = Self(rawValue: "NeedsMachineAuth")
        /// Logged in but turned off (`tailscale down`).
        public static let stopped = Self(rawValue: "Stopped")
        /// Connecting.
        public static let starting = Self(rawValue: "Starting")
        /// Connected to the tailnet.
        public static let running = Self(rawValue: "Running")
    }

    /// Where tailscaled is (`BackendState`).
    public let backendState: BackendState
    /// This machine's MagicDNS name (`Self.DNSName`, e.g. `studio.tail1234.ts.net.`), if any.
    public let selfDNSName: String?
    /// tailscaled's health warnings (`Health`), as written.
    public let health: [String]

    /// A status from its parts.
    public init(backendState: BackendState, selfDNSName: String? = nil, health: [String] = []) {
        self.backendState = backendState
        self.selfDNSName = selfDNSName
        self.health = health
    }

    /// Parses the JSON document. Nil when it is not JSON or has no string `BackendState`.
    public init?(parsingJSON bytes: [UInt8]) {
        guard let document = try? JSONParser.parse(bytes),
            let state = document["BackendState"]?.stringValue
        else { return nil }
        let dnsName = document["Self"]?["DNSName"]?.stringValue
        var health: [String] = []
        if case .array(let items)? = document["Health"] {
            health = items.compactMap(\.stringValue)
        }
        self.init(
            backendState: BackendState(rawValue: state),
            selfDNSName: dnsName.flatMap { $0.isEmpty ? nil : $0 },
            health: health
        )
    }
}

extension TailscaleStatus.BackendState: CustomStringConvertible {
    /// The word as tailscaled writes it.
    public var description: String { rawValue }
}
