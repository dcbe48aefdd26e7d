/// Issuers' JWKS kept between sign-ins (`access-keys.json` in the state directory, 0600), up
/// to ``maximumAge`` (spec/cloudflare-access.md "JWT rules": cache up to 24 h). Only a hint:
/// an unreadable or stale file means a fetch, and nothing but public keys is in it.
public struct AccessKeyCache: Sendable {
    public static let fileName = "access-keys.json"
    public static let maximumAge: Int64 = 24 * 3600 * 1000

    public let directory: StateDirectory

    public init(directory: StateDirectory) {
        self.directory = directory
    }

    /// The keys cached for `issuer` at `nowMs` and when they were fetched, if younger than
    /// ``maximumAge``.
    func load(_ issuer: String, nowMs: Int64) -> (keys: AccessSigningKeys, fetchedAtMs: Int64)? {
        guard let bytes = try? FileIO.readAll(path: directory.appending(Self.fileName)),
            let document = try? JSONParser.parse(bytes), let entry = document[issuer],
            case .integer(let fetchedAtMs)? = entry["fetchedAtMs"], fetchedAtMs <= nowMs, nowMs - fetchedAtMs < Self.maximumAge,
            let text = entry["jwks"]?.stringValue, let keys = try? AccessSigningKeys(json: Array(text.utf8))
        else { return nil }
        return (keys, fetchedAtMs)
    }

    /// Records `jwks` (the document as fetched) for `issuer`, dropping entries past their age.
    func store(_ issuer: String, jwks: [UInt8], nowMs: Int64) {
        var members: [(String, JSONValue)] = []
        if let bytes = try? FileIO.readAll(path: directory.appending(Self.fileName)),
            case .object(let existing)? = try? JSONParser.parse(bytes)
        {
            members = existing.filter { name, entry in
                guard name != issuer, case .integer(let at)? = entry["fetchedAtMs"] else { return false }
                return nowMs - at < Self.maximumAge
            }
        }
        members.append((issuer, .object([("fetchedAtMs", .integer(nowMs)), ("jwks", .string(String(decoding: jwks, as: UTF8.self)))])))
        // Not synced: losing the cache in a crash costs one fetch.
        try? directory.ensure()
        try? FileIO.writeFile(Array(JSONValue.object(members).serialized().utf8), to: directory.appending(Self.fileName), synced: false)
    }
}
