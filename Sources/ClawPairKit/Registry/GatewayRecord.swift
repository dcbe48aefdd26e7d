/// An entry with its state, as `gateways list` shows it.
public struct GatewaySummary: Sendable, Hashable {
    public var entry: GatewayEntry
    public var focused: Bool
    public var bolted: Bool
    public var pinned: Bool
    /// Holds a device token (pairing stores node and operator tokens together).
    public var paired: Bool
    /// The operator token's access, or nil without one.
    public var access: AccessLevel?
}

/// An entry with everything it owns, as `gateways show` and the daemon read it.
public struct GatewayRecord: Sendable, Hashable {
    public var entry: GatewayEntry
    public var focused: Bool
    public var bolted: Bool
    public var pin: CertificateFingerprint?
    public var pinnedAtMs: Int64?
    public var deviceTokens: [DeviceToken]
    public var credentials: GatewaySecrets
    public var preferences: [String: String]

    /// The token for `role`, if the gateway issued one.
    public func deviceToken(role: String) -> DeviceToken? { deviceTokens.first { $0.role == role } }

    public var paired: Bool { !deviceTokens.isEmpty }

    public var access: AccessLevel? { AccessLevel(operatorScopes: deviceToken(role: DeviceToken.operatorRole)?.scopes) }
}

extension AccessLevel {
    /// The access an operator device token gives, as the iOS app's Gateway screen says it:
    /// `full` when its scopes include `operator.admin` (what a full-access setup code asks
    /// for, spec/setup-codes.md "Access level"), `limited` otherwise; nil without a token.
    public init?(operatorScopes: [String]?) {
        guard let operatorScopes else { return nil }
        self = operatorScopes.contains(Self.adminScope) ? .full : .limited
    }

    /// The scope that only full access carries.
    public static let adminScope = "operator.admin"
}

/// The installation's global identity (spec/registry.md): one per state directory, shared by
/// every gateway, kept when gateways are forgotten.
public struct Installation: Sendable {
    /// A random id made once, 32 lowercase hex digits.
    public let instanceID: String
    /// The device identity's raw 32-byte Ed25519 private seed.
    public let deviceSeed: [UInt8]
}

/// What `forget` removed.
public struct ForgetReport: Sendable, Hashable {
    public var entry: GatewayEntry
    public var wasFocused: Bool
    /// The Access session for the entry's origin was removed too (no other entry used it).
    public var removedAccessSession: Bool
}
