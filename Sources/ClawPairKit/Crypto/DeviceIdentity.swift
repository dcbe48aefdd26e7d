/// This installation's device identity on the wire (spec/gateway-protocol.md, "Device
/// identity"): the Ed25519 key pair, its id, and the signed `device` block of `connect`.
public struct DeviceIdentity: Sendable {
    public let keyPair: Ed25519KeyPair

    public init(keyPair: Ed25519KeyPair) { self.keyPair = keyPair }

    /// Lowercase hex SHA-256 of the raw 32-byte public key.
    public var deviceId: String { Self.deviceId(publicKey: keyPair.rawPublicKey) }

    /// The raw public key, unpadded base64url.
    public var publicKeyBase64URL: String { Base64URL.encode(keyPair.rawPublicKey) }

    /// The device id a raw public key stands for.
    public static func deviceId(publicKey: [UInt8]) -> String { SHA256.hex(publicKey) }

    /// The unpadded base64url signature of `payload`.
    public func signature(of payload: DeviceAuthPayload) -> String {
        Base64URL.encode(keyPair.sign(payload.bytes))
    }

    /// Signs `params` (whose `device` block is replaced) for `challenge` with the payload
    /// `version`, and returns them with the finished device block.
    public func signing(_ params: ConnectParams, challenge: ConnectChallenge, version: DeviceAuthPayload.Version) throws(ClawPairError)
        -> ConnectParams
    {
        var params = params
        params.device = ConnectDevice(
            id: deviceId, publicKey: publicKeyBase64URL, signature: "", signedAt: challenge.ts, nonce: challenge.nonce)
        let payload = try DeviceAuthPayload(version: version, params: params)
        params.device?.signature = signature(of: payload)
        return params
    }

    /// Checks a received device block the way a gateway does: the key decodes to 32 bytes,
    /// the id is its hash, and the signature verifies over `payload`. Nil when it all holds,
    /// otherwise the detail code the gateway answers with.
    public static func verify(_ device: ConnectDevice, payload: DeviceAuthPayload) -> GatewayErrorDetailCode? {
        guard let publicKey = Base64URL.decode(device.publicKey), publicKey.count == Ed25519KeyPair.keyByteCount else {
            return .publicKeyInvalid
        }
        guard deviceId(publicKey: publicKey) == device.id else { return .deviceIdMismatch }
        guard let signature = Base64URL.decode(device.signature),
            Ed25519.verify(signature: signature, of: payload.bytes, publicKey: publicKey)
        else { return .signatureInvalid }
        return nil
    }
}
