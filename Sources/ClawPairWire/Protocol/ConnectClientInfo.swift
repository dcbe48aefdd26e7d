/// `connect.params.client`: who is connecting.
public struct ConnectClientInfo: Sendable, Hashable {
    /// A ``GatewayClientID`` raw value (`openclaw-linux`).
    public var id: String
    public var displayName: String?
    public var version: String
    /// Signed (normalised) in v3 payloads.
    public var platform: String
    /// A ``GatewayClientMode`` raw value.
    public var mode: String
    /// Stable per installation.
    public var instanceId: String?
    /// Signed (normalised) in v3 payloads.
    public var deviceFamily: String?
    public var modelIdentifier: String?

    public init(
        id: String, displayName: String? = nil, version: String, platform: String, mode: String, instanceId: String? = nil,
        deviceFamily: String? = nil, modelIdentifier: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.version = version
        self.platform = platform
        self.mode = mode
        self.instanceId = instanceId
        self.deviceFamily = deviceFamily
        self.modelIdentifier = modelIdentifier
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        id = try object.nonEmptyString("id")
        displayName = try object.optionalString("displayName")
        version = try object.nonEmptyString("version")
        platform = try object.nonEmptyString("platform")
        mode = try object.nonEmptyString("mode")
        instanceId = try object.optionalString("instanceId")
        deviceFamily = try object.optionalString("deviceFamily")
        modelIdentifier = try object.optionalString("modelIdentifier")
    }

    public var json: JSONValue {
        var builder = JSONObjectBuilder()
        builder.set("id", id)
        builder.set("displayName", displayName)
        builder.set("version", version)
        builder.set("platform", platform)
        builder.set("mode", mode)
        builder.set("instanceId", instanceId)
        builder.set("deviceFamily", deviceFamily)
        builder.set("modelIdentifier", modelIdentifier)
        return builder.json
    }
}
