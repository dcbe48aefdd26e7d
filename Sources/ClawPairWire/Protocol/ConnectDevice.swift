/// `connect.params.device`: the device identity and its signature over the challenge.
public struct ConnectDevice: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the raw public key.
    public var id: String
    /// Unpadded base64url of the raw 32-byte Ed25519 public key.
    public var publicKey: String
    /// Unpadded base64url of the 64-byte signature over ``DeviceAuthPayload``.
    public var signature: String
    /// The challenge's `ts`.
    public var signedAt: Int64
    /// The challenge's nonce.
    public var nonce: String

    public init(id: String, publicKey: String, signature: String, signedAt: Int64, nonce: String) {
        self.id = id
        self.publicKey = publicKey
        self.signature = signature
        self.signedAt = signedAt
        self.nonce = nonce
    }

    init(_ object: JSONObjectReader) throws(ClawPairError) {
        id = try object.nonEmptyString("id")
        publicKey = try object.nonEmptyString("publicKey")
        signature = try object.nonEmptyString("signature")
        signedAt = try object.integer("signedAt", atLeast: 0)
        nonce = try object.nonEmptyString("nonce")
    }

    public var json: JSONValue {
        ["id": .string(id), "publicKey": .string(publicKey), "signature": .string(signature), "signedAt": .integer(signedAt),
         "nonce": .string(nonce)]
    }
}
