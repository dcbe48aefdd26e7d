/// `error.details.code`: why the gateway refused a connect (spec/gateway-protocol.md,
/// "Errors"). A struct over the raw string, so a code a newer gateway invents is kept and
/// printable rather than a decoding failure.
public struct GatewayErrorDetailCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let authRequired = Self(rawValue: "AUTH_REQUIRED")
    public static let authUnauthorized = Self(rawValue: "AUTH_UNAUTHORIZED")
    public static let authTokenMissing = Self(rawValue: "AUTH_TOKEN_MISSING")
    public static let authTokenMismatch = Self(rawValue: "AUTH_TOKEN_MISMATCH")
    public static let authTokenNotConfigured = Self(rawValue: "AUTH_TOKEN_NOT_CONFIGURED")
    public static let authPasswordMissing = Self(rawValue: "AUTH_PASSWORD_MISSING")
    public static let authPasswordMismatch = Self(rawValue: "AUTH_PASSWORD_MISMATCH")
    public static let authPasswordNotConfigured = Self(rawValue: "AUTH_PASSWORD_NOT_CONFIGURED")
    public static let authBootstrapTokenInvalid = Self(rawValue: "AUTH_BOOTSTRAP_TOKEN_INVALID")
    public static let authDeviceTokenMismatch = Self(rawValue: "AUTH_DEVICE_TOKEN_MISMATCH")
    public static let authScopeMismatch = Self(rawValue: "AUTH_SCOPE_MISMATCH")
    public static let authRateLimited = Self(rawValue: "AUTH_RATE_LIMITED")
    /// The gateway's Tailscale Serve identity checks. Its sources name and map these, but a
    /// failed check falls through to the token check, so current gateways do not send them
    /// on connect; older or other gateways may.
    public static let authTailscaleIdentityMissing = Self(rawValue: "AUTH_TAILSCALE_IDENTITY_MISSING")
    public static let authTailscaleProxyMissing = Self(rawValue: "AUTH_TAILSCALE_PROXY_MISSING")
    public static let authTailscaleWhoisFailed = Self(rawValue: "AUTH_TAILSCALE_WHOIS_FAILED")
    public static let authTailscaleIdentityMismatch = Self(rawValue: "AUTH_TAILSCALE_IDENTITY_MISMATCH")
    public static let protocolMismatch = Self(rawValue: "PROTOCOL_MISMATCH")
    public static let deviceIdentityRequired = Self(rawValue: "DEVICE_IDENTITY_REQUIRED")
    // The device block's failures, spelled in full with the DEVICE_AUTH_ prefix as the
    // gateway sends them (its docs/gateway/protocol.md table; ``deviceAuthRefusal``).
    public static let deviceAuthInvalid = Self(rawValue: "DEVICE_AUTH_INVALID")
    public static let deviceIdMismatch = Self(rawValue: "DEVICE_AUTH_DEVICE_ID_MISMATCH")
    public static let signatureExpired = Self(rawValue: "DEVICE_AUTH_SIGNATURE_EXPIRED")
    public static let nonceRequired = Self(rawValue: "DEVICE_AUTH_NONCE_REQUIRED")
    public static let nonceMismatch = Self(rawValue: "DEVICE_AUTH_NONCE_MISMATCH")
    public static let signatureInvalid = Self(rawValue: "DEVICE_AUTH_SIGNATURE_INVALID")
    public static let publicKeyInvalid = Self(rawValue: "DEVICE_AUTH_PUBLIC_KEY_INVALID")
    public static let pairingRequired = Self(rawValue: "PAIRING_REQUIRED")
    public static let pairingRejected = Self(rawValue: "PAIRING_REJECTED")
    public static let pairingExpired = Self(rawValue: "PAIRING_EXPIRED")
    public static let clientVersionMismatch = Self(rawValue: "CLIENT_VERSION_MISMATCH")
    /// `UNAVAILABLE` carries no detail code; its `details.reason` is `startup-sidecars`.
    public static let startupSidecarsReason = "startup-sidecars"

    /// Every code the spec names (the `AUTH_TAILSCALE_*` family aside).
    public static let known: [Self] = [
        .authRequired, .authUnauthorized, .authTokenMissing, .authTokenMismatch, .authTokenNotConfigured,
        .authPasswordMissing, .authPasswordMismatch, .authPasswordNotConfigured, .authBootstrapTokenInvalid,
        .authDeviceTokenMismatch, .authScopeMismatch, .authRateLimited, .protocolMismatch, .deviceIdentityRequired,
        .deviceAuthInvalid, .deviceIdMismatch, .signatureExpired, .nonceRequired, .nonceMismatch, .signatureInvalid,
        .publicKeyInvalid, .pairingRequired, .pairingRejected, .pairingExpired, .clientVersionMismatch,
    ]

    /// `AUTH_TAILSCALE_*`: the gateway's tailnet identity checks.
    public var isTailscale: Bool { rawValue.hasPrefix("AUTH_TAILSCALE_") }

    /// One of the device-block failures (signature, nonce, skew, key, id).
    public var isDeviceAuthFailure: Bool {
        [.deviceAuthInvalid, .deviceIdMismatch, .signatureExpired, .nonceRequired, .nonceMismatch, .signatureInvalid, .publicKeyInvalid]
            .contains(self)
    }

    /// How the gateway words a device-block refusal: the error's `message` and its
    /// `details.reason` (spec/gateway-protocol.md "Errors"). `DEVICE_AUTH_INVALID`, the
    /// catch-all for a malformed block, has neither fixed, so it has none here.
    public struct DeviceAuthRefusal: Sendable, Hashable {
        public let message: String
        public let reason: String
    }

    /// The refusal's wording for a specific device-auth code, nil for any other code.
    public var deviceAuthRefusal: DeviceAuthRefusal? { Self.deviceAuthRefusals[self] }

    static let deviceAuthRefusals: [Self: DeviceAuthRefusal] = [
        .nonceRequired: DeviceAuthRefusal(message: "device nonce required", reason: "device-nonce-missing"),
        .nonceMismatch: DeviceAuthRefusal(message: "device nonce mismatch", reason: "device-nonce-mismatch"),
        .signatureInvalid: DeviceAuthRefusal(message: "device signature invalid", reason: "device-signature"),
        .signatureExpired: DeviceAuthRefusal(message: "device signature expired", reason: "device-signature-stale"),
        .deviceIdMismatch: DeviceAuthRefusal(message: "device identity mismatch", reason: "device-id-mismatch"),
        .publicKeyInvalid: DeviceAuthRefusal(message: "device public key invalid", reason: "device-public-key"),
    ]
}
