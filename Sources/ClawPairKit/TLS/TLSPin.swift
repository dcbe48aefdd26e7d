/// What a TLS peer must present, when its certificate is pinned.
///
/// OpenClaw pins the leaf certificate (``certificate(_:)``); curl-style public-key pins
/// (``publicKey(_:)``, `sha256//<base64>`) are accepted too, since they survive a
/// certificate renewal that keeps the key. Either kind, when known, replaces system trust
/// (spec/routes-and-tls.md, policy step 1).
public enum TLSPin: Sendable, Hashable {
    /// SHA-256 of the leaf certificate's DER bytes, 64 lowercase hex digits.
    case certificate(String)
    /// SHA-256 of the leaf's DER SubjectPublicKeyInfo, standard base64 with padding (44
    /// characters), as in curl's `--pinnedpubkey sha256//…`.
    case publicKey(String)

    /// The prefix of a curl-style public-key pin.
    public static let publicKeyPrefix = "sha256//"

    /// Reads a pin a user typed: `sha256//<base64>` is a public-key pin (32 bytes once
    /// decoded); anything else goes through ``CertificateFingerprint/init(normalizing:)``.
    /// Nil when neither fits. Only one pin per string (curl's `;`-separated lists are not
    /// read).
    public init?(parsing input: String) {
        let text = Substring(input).trimmingSpaces()
        if text.lowercased().hasPrefix(Self.publicKeyPrefix) {
            let encoded = text.dropFirst(Self.publicKeyPrefix.count)
            guard let digest = Base64URL.decode(encoded), digest.count == SHA256.byteCount else { return nil }
            self = .publicKey(Self.base64(digest))
            return
        }
        guard let fingerprint = CertificateFingerprint(normalizing: String(text)) else { return nil }
        self = .certificate(fingerprint.hex)
    }

    /// The pin of a public key: SHA-256 of its DER SubjectPublicKeyInfo.
    public init(subjectPublicKeyInfo der: [UInt8]) {
        self = .publicKey(Self.base64(SHA256.hash(der)))
    }

    /// What the pin is of, for messages: "certificate" or "public key".
    public var kind: String {
        switch self {
        case .certificate: "certificate"
        case .publicKey: "public key"
        }
    }

    /// How the pin is written: 64 hex digits, or `sha256//<base64>`.
    public var text: String {
        switch self {
        case .certificate(let hex): hex
        case .publicKey(let base64): Self.publicKeyPrefix + base64
        }
    }

    /// Standard base64 with padding (RFC 4648 §4), the alphabet curl pins use: base64url with
    /// `+` and `/`, padded. In Swift, so reading a pin needs no libcrypto.
    static func base64(_ bytes: [UInt8]) -> String { StrictBase64.encode(bytes, .standardPadded) }
}

extension TLSPin: CustomStringConvertible {
    /// ``text``.
    public var description: String { text }
}
