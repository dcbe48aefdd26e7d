/// A gateway's stable id (spec/discovery.md "Stable ids"). Ids compare as exact bytes.
///
/// - Discovered: `<service type>|<domain>|<decoded name, whitespace collapsed, trimmed>`,
///   e.g. `_openclaw-gw._tcp|local.|Studio (OpenClaw)`.
/// - Manual: `manual|<lowercased host>|<port>` plus `|<contextPath>` when there is one.
public struct GatewayID: RawRepresentable, Sendable, Hashable {
    /// The id text.
    public let rawValue: String

    /// An id from its text (from the registry, or a user).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The id of a gateway found by DNS-SD. The domain is normalised (`local` → `local.`).
    public static func discovered(
        serviceType: String = GatewayService.type, domain: String, instanceName: String
    ) -> GatewayID {
        GatewayID(
            rawValue: serviceType + "|" + BrowseDomain.normalize(domain) + "|" + instanceName.collapsingWhitespace())
    }

    /// The id of a gateway added by hand. Port 0 means the default: 443 for `*.ts.net` hosts
    /// (Tailscale Serve), else 18789. An empty context path counts as none.
    public static func manual(host: String, port: Int, contextPath: String? = nil) -> GatewayID {
        let lowered = host.lowercased()
        let resolvedPort = port != 0 ? port : GatewayRoute.defaultManualPort(host: host)
        var raw = "manual|" + lowered + "|" + String(resolvedPort)
        if let contextPath, !contextPath.isEmpty { raw += "|" + contextPath }
        return GatewayID(rawValue: raw)
    }

    /// The id as a file or key name: unpadded base64url of its UTF-8 bytes.
    public var fileKey: String { Base64URL.encode(Array(rawValue.utf8)) }

    /// The id a ``fileKey`` was made from; nil when the text is not base64url of UTF-8.
    public init?(fileKey: String) {
        guard let bytes = Base64URL.decode(fileKey), let text = String(validating: bytes, as: UTF8.self) else {
            return nil
        }
        self.rawValue = text
    }
}

extension GatewayID: CustomStringConvertible {
    public var description: String { rawValue }
}

extension GatewayID: Comparable {
    /// Byte order of the UTF-8, so sorting is the same on every platform and locale.
    public static func < (lhs: GatewayID, rhs: GatewayID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}

extension GatewayID {
    // Swift's String == and hash treat canonically equivalent text as equal ("é" as one
    // scalar and as "e" + accent); the spec says ids compare as exact bytes.
    public static func == (lhs: GatewayID, rhs: GatewayID) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
}
