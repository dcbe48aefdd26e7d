/// The transfer service's answer before and after decryption (spec/cloudflare-access.md
/// "Session transfer" steps 4 and 5).
///
/// The body is standard base64 (`+/`, padded) of `nonce (24) ‖ MAC (16) ‖ ciphertext`; the
/// `service-public-key` header is the service's X25519 key, base64url with padding. The
/// NaCl box itself is opened in ClawPairKit (libsodium); the plaintext is
/// `{"app_token":"<JWT>","org_token":"<JWT>"}`, of which only `app_token` is kept.
public struct AccessTransferEnvelope: Sendable {
    public static let serviceKeyHeader = "service-public-key"
    public static let nonceBytes = 24
    public static let macBytes = 16
    public static let keyBytes = 32

    public let nonce: [UInt8]
    /// MAC ‖ ciphertext, as `crypto_box_open_easy` takes it.
    public let sealed: [UInt8]
    public let servicePublicKey: [UInt8]

    /// Parses a poll's body and the service key; throws `ACCESS_ENVELOPE_INVALID`.
    public init(body: [UInt8], servicePublicKey key: String?) throws(ClawPairError) {
        let text = String(decoding: HTTPToken.trimmed(body[...]), as: UTF8.self)
        guard let bytes = StrictBase64.decode(text, .standardPadded) else {
            throw ClawPairError(.accessEnvelopeInvalid, "the transfer envelope is not padded standard base64")
        }
        guard bytes.count >= Self.nonceBytes + Self.macBytes else {
            throw ClawPairError(
                .accessEnvelopeInvalid, "the transfer envelope is \(bytes.count) bytes, shorter than nonce and MAC (40)")
        }
        guard let key else { throw ClawPairError(.accessEnvelopeInvalid, "the transfer answer has no \(Self.serviceKeyHeader)") }
        servicePublicKey = try Self.publicKey(key, what: "the service's public key")
        nonce = Array(bytes.prefix(Self.nonceBytes))
        sealed = Array(bytes.dropFirst(Self.nonceBytes))
    }

    /// A 32-byte X25519 key in padded base64url (44 characters); throws `ACCESS_ENVELOPE_INVALID`
    /// for the other alphabet, missing padding or another length.
    public static func publicKey(_ text: String, what: String) throws(ClawPairError) -> [UInt8] {
        guard let key = StrictBase64.decode(text, .urlPadded), key.count == keyBytes else {
            throw ClawPairError(.accessEnvelopeInvalid, "\(what) is not 32 bytes of padded base64url")
        }
        return key
    }

    /// `app_token` of a decrypted envelope; throws `ACCESS_ENVELOPE_INVALID`.
    public static func appToken(plaintext: [UInt8]) throws(ClawPairError) -> String {
        guard let document = try? JSONParser.parse(plaintext), let token = document["app_token"]?.stringValue,
            !token.isEmpty, token.utf8.count <= JSONWebToken.maximumBytes
        else {
            throw ClawPairError(.accessEnvelopeInvalid, "the decrypted transfer holds no app_token (or one over 32768 bytes)")
        }
        return token
    }
}
