/// The text a device signs with its Ed25519 key in `connect` (spec/gateway-protocol.md,
/// "The signed payload"), byte for byte as the gateway rebuilds it to verify:
///
/// - v2: `v2|deviceId|clientId|clientMode|role|scopes,joined|signedAtMs|token|nonce`
/// - v3: the same fields after `v3`, then `|platform|deviceFamily`, each trimmed and with
///   ASCII `A–Z` lowercased (nothing else: `İOS` becomes `İos`).
///
/// A missing token, platform or family is the empty string.
public struct DeviceAuthPayload: Sendable, Hashable {
    public enum Version: String, Sendable, Hashable, CaseIterable {
        case v2, v3
    }

    /// 120 s: the gateway rejects `|now − signedAt|` beyond this (`DEVICE_AUTH_SIGNATURE_EXPIRED`).
    public static let maximumClockSkewMs: Int64 = 120_000

    /// Whether a device block signed at `signedAtMs` is fresh at `nowMs` by the gateway's rule.
    public static func isFresh(signedAtMs: Int64, nowMs: Int64) -> Bool {
        let (difference, overflow) = nowMs.subtractingReportingOverflow(signedAtMs)
        return !overflow && difference.magnitude <= UInt64(maximumClockSkewMs)
    }

    public var version: Version
    public var deviceId: String
    public var clientId: String
    public var clientMode: String
    public var role: String
    public var scopes: [String]
    public var signedAtMs: Int64
    /// The token actually sent in `auth` (bootstrap, shared or device token); nil for a
    /// password or no auth.
    public var token: String?
    public var nonce: String
    /// v3 only.
    public var platform: String?
    /// v3 only.
    public var deviceFamily: String?

    public init(
        version: Version, deviceId: String, clientId: String, clientMode: String, role: String, scopes: [String],
        signedAtMs: Int64, token: String?, nonce: String, platform: String? = nil, deviceFamily: String? = nil
    ) {
        self.version = version
        self.deviceId = deviceId
        self.clientId = clientId
        self.clientMode = clientMode
        self.role = role
        self.scopes = scopes
        self.signedAtMs = signedAtMs
        self.token = token
        self.nonce = nonce
        self.platform = platform
        self.deviceFamily = deviceFamily
    }

    /// The payload for a `connect`'s own fields: what a gateway rebuilds from the params it
    /// received (and the client builds from the params it sends).
    public init(version: Version, params: ConnectParams) throws(ClawPairError) {
        guard let device = params.device else {
            throw ClawPairError(.gatewayProtocolError, "connect has no device block to sign")
        }
        self.init(
            version: version, deviceId: device.id, clientId: params.client.id, clientMode: params.client.mode,
            role: params.role ?? "", scopes: params.scopes ?? [], signedAtMs: device.signedAt,
            token: params.auth?.signatureToken?.revealed, nonce: device.nonce,
            platform: params.client.platform, deviceFamily: params.client.deviceFamily)
    }

    /// The exact string to sign (UTF-8).
    public var text: String {
        var fields = [
            version.rawValue, deviceId, clientId, clientMode, role, scopes.joined(separator: ","), String(signedAtMs),
            token ?? "", nonce,
        ]
        if version == .v3 {
            fields.append(Self.normalizedMetadata(platform))
            fields.append(Self.normalizedMetadata(deviceFamily))
        }
        return fields.joined(separator: "|")
    }

    /// The bytes to sign.
    public var bytes: [UInt8] { Array(text.utf8) }

    /// Trims like JavaScript's `String.prototype.trim` and lowercases ASCII `A–Z` only, as
    /// the gateway does; nil becomes "".
    public static func normalizedMetadata(_ value: String?) -> String {
        guard let value else { return "" }
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isJavaScriptWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isJavaScriptWhitespace($0) })
        else { return "" }
        var output = String.UnicodeScalarView()
        for scalar in scalars[first...last] {
            if ("A"..."Z").contains(scalar) {
                output.append(Unicode.Scalar(scalar.value + 32)!)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// ECMAScript's WhiteSpace and LineTerminator: what `trim()` removes.
    static func isJavaScriptWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }
}
