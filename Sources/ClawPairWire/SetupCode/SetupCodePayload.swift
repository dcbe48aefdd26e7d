/// The JSON a current gateway puts in a setup code: `{url, urls?, bootstrapToken,
/// expiresAtMs?, tlsFingerprint?}`, for making codes (the simulated gateway, tests).
public struct SetupCodePayload: Sendable, Hashable {
    public var url: String
    public var urls: [String]?
    public var bootstrapToken: String?
    public var expiresAtMs: Int64?
    public var tlsFingerprint: String?

    public init(url: String, urls: [String]? = nil, bootstrapToken: String? = nil, expiresAtMs: Int64? = nil, tlsFingerprint: String? = nil) {
        self.url = url
        self.urls = urls
        self.bootstrapToken = bootstrapToken
        self.expiresAtMs = expiresAtMs
        self.tlsFingerprint = tlsFingerprint
    }

    /// The payload as the gateway serialises it (keys in its order, absent keys omitted).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("url", .string(url))]
        if let urls { members.append(("urls", .array(urls.map(JSONValue.string)))) }
        if let bootstrapToken { members.append(("bootstrapToken", .string(bootstrapToken))) }
        if let expiresAtMs { members.append(("expiresAtMs", .integer(expiresAtMs))) }
        if let tlsFingerprint { members.append(("tlsFingerprint", .string(tlsFingerprint))) }
        return .object(members)
    }

    /// The setup code: unpadded base64url of the UTF-8 JSON.
    public func encoded() -> String {
        Base64URL.encode(Array(json.serialized().utf8))
    }
}
