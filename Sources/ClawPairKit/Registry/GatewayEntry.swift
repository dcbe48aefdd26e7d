/// One gateway in the registry (spec/registry.md "Entries"): what identifies it and how it
/// was last reached. What it owns (credentials, pin, device tokens, preferences) is stored
/// separately, keyed by ``id``.
public struct GatewayEntry: Sendable, Hashable {
    /// How the gateway came into the registry.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Added by hand or from a setup code / URL: `host`, `port`, `tls`, `contextPath` set.
        case manual
        /// Found by DNS-SD; its id is the service instance's.
        case discovered
    }

    public var id: GatewayID
    public var kind: Kind
    /// What people see; defaults to `host:port` or the discovered display name.
    public var name: String
    public var host: String?
    public var port: Int?
    public var tls: Bool?
    public var contextPath: String?
    /// The route URL that last completed a connection.
    public var provenRoute: String?
    /// The Cloudflare Access origin in front of the gateway, if any.
    public var accessOrigin: String?
    /// When a session last connected (Unix ms).
    public var lastConnectedAtMs: Int64?

    public init(
        id: GatewayID, kind: Kind, name: String, host: String? = nil, port: Int? = nil, tls: Bool? = nil,
        contextPath: String? = nil, provenRoute: String? = nil, accessOrigin: String? = nil, lastConnectedAtMs: Int64? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.host = host
        self.port = port
        self.tls = tls
        self.contextPath = contextPath
        self.provenRoute = provenRoute
        self.accessOrigin = accessOrigin
        self.lastConnectedAtMs = lastConnectedAtMs
    }

    /// A manual entry for `route`, with the manual stable id of spec/discovery.md computed
    /// from the route's host, effective port and context path, and `host:port` as its
    /// default name.
    public static func manual(route: GatewayRoute, name: String? = nil) -> GatewayEntry {
        GatewayEntry(
            id: .manual(host: route.host, port: route.port, contextPath: route.contextPath), kind: .manual,
            name: name ?? route.authority, host: route.host, port: route.port, tls: route.tls, contextPath: route.contextPath)
    }

    /// The route configured for a manual entry, when its parts are complete and valid.
    public var configuredRoute: GatewayRoute? {
        guard let host, let port, let tls else { return nil }
        return try? GatewayRoute(host: host, port: port, tls: tls, contextPath: contextPath)
    }

    /// The configured route's canonical URL, built from the stored parts (which were
    /// normalised by ``GatewayRoute`` when stored) without parsing them again: `list` shows
    /// it for every entry.
    public var configuredURL: String? {
        guard let host, let port, let tls else { return nil }
        var url: [UInt8] = []
        Self.appendConfiguredURL(host: host.utf8, port: Int64(port), tls: tls, contextPath: contextPath?.utf8, to: &url)
        return String(decoding: url, as: UTF8.self)
    }

    /// ``configuredURL`` from the parts' UTF-8 bytes: one implementation for the model and
    /// for ``GatewayListing``, which builds it from SQLite's bytes.
    static func appendConfiguredURL(
        host: some Collection<UInt8>, port: Int64, tls: Bool, contextPath: (some Collection<UInt8>)?, to url: inout [UInt8]
    ) {
        let scheme: StaticString = tls ? "wss://" : "ws://"
        scheme.withUTF8Buffer { url.append(contentsOf: $0) }
        if host.contains(UInt8(ascii: ":")) {
            // IPv6: bracketed, the zone's % written %25 (RFC 6874). Byte by byte is exact:
            // UTF-8 never uses an ASCII byte inside a multi-byte character.
            url.append(UInt8(ascii: "["))
            for byte in host {
                url.append(byte)
                if byte == UInt8(ascii: "%") { url.append(contentsOf: "25".utf8) }
            }
            url.append(UInt8(ascii: "]"))
        } else {
            url.append(contentsOf: host)
        }
        url.append(UInt8(ascii: ":"))
        url.appendDecimal(port)
        if let contextPath { url.append(contentsOf: contextPath) }
    }

    /// The URL to show: the route that last worked, else the configured one.
    public var displayURL: String? { provenRoute ?? configuredURL }
}

/// A device token the gateway issued for one role (`node`, `operator`), with its scopes.
public struct DeviceToken: Sendable, Hashable {
    public var role: String
    public var token: Secret
    public var scopes: [String]
    public var issuedAtMs: Int64

    public init(role: String, token: Secret, scopes: [String], issuedAtMs: Int64) {
        self.role = role
        self.token = token
        self.scopes = scopes
        self.issuedAtMs = issuedAtMs
    }

    /// The operator role's name, whose scopes decide ``AccessLevel``.
    public static let operatorRole = "operator"
    public static let nodeRole = "node"
}

/// A header sent with every request to a gateway (e.g. a service token for a proxy). Its
/// value may be a credential, so it is a ``Secret``.
public struct CustomHeader: Sendable, Hashable {
    public var name: String
    public var value: Secret

    public init(name: String, value: Secret) {
        self.name = name
        self.value = value
    }
}

/// The secrets a registry entry owns besides its device tokens (what the user or a setup
/// code gave; `GatewayCredentials` is what one connect attempt sends).
public struct GatewaySecrets: Sendable, Hashable {
    public var sharedToken: Secret?
    public var password: Secret?
    public var bootstrapToken: Secret?
    public var customHeaders: [CustomHeader]

    public init(sharedToken: Secret? = nil, password: Secret? = nil, bootstrapToken: Secret? = nil, customHeaders: [CustomHeader] = []) {
        self.sharedToken = sharedToken
        self.password = password
        self.bootstrapToken = bootstrapToken
        self.customHeaders = customHeaders
    }

    public var isEmpty: Bool { sharedToken == nil && password == nil && bootstrapToken == nil && customHeaders.isEmpty }
}

/// What pairing learned, stored in one transaction by ``GatewayRegistry/storePairing(_:)``.
public struct GatewayPairing: Sendable {
    public var entry: GatewayEntry
    public var credentials: GatewaySecrets
    /// The pin to keep; nil keeps no pin (a system-trusted gateway).
    public var pin: CertificateFingerprint?
    /// Replaces every device token the entry held.
    public var deviceTokens: [DeviceToken]
    /// Focus the gateway when nothing is focused yet (the first paired gateway).
    public var focusIfNone: Bool

    public init(entry: GatewayEntry, credentials: GatewaySecrets, pin: CertificateFingerprint?, deviceTokens: [DeviceToken], focusIfNone: Bool = true) {
        self.entry = entry
        self.credentials = credentials
        self.pin = pin
        self.deviceTokens = deviceTokens
        self.focusIfNone = focusIfNone
    }
}
