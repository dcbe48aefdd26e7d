/// One entry of `hello-ok.auth.deviceTokens`: `{deviceToken, role, scopes}`.
public struct IssuedDeviceToken: Sendable, Hashable {
    public var deviceToken: Secret
    public var role: String
    public var scopes: [String]

    public init(deviceToken: Secret, role: String, scopes: [String]) {
        self.deviceToken = deviceToken
        self.role = role
        self.scopes = scopes
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        deviceToken = Secret(try object.nonEmptyString("deviceToken"))
        role = try object.nonEmptyString("role")
        scopes = try object.stringArray("scopes")
    }

    public var json: JSONValue {
        ["deviceToken": .string(deviceToken.revealed), "role": .string(role), "scopes": .array(scopes.map(JSONValue.string))]
    }
}
