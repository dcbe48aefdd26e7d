/// A certificate pin as OpenClaw uses it: the SHA-256 of the leaf certificate's DER bytes,
/// as 64 lowercase hex digits without separators (spec/routes-and-tls.md "TLS pinning").
/// Not a hash of the public key; see ``TLSPin/publicKey(_:)`` for that kind.
public struct CertificateFingerprint: Sendable, Hashable {
    /// 64 lowercase hex digits.
    public let hex: String

    /// The number of hex digits in a SHA-256 fingerprint.
    public static let hexDigitCount = 64

    /// Normalises what a user typed or pasted, exactly as spec/routes-and-tls.md says: trim;
    /// drop a leading `sha256` or `sha-256` (any case) with an optional `:` and spaces;
    /// lowercase; drop every character that is not a hex digit (so `AB:CD…` and `ab cd…`
    /// work); then require exactly 64 digits. Nil otherwise.
    public init?(normalizing input: String) {
        var text = Substring(input).trimmingSpaces()
        for prefix in ["sha-256", "sha256"] where text.lowercased().hasPrefix(prefix) {
            text = text.dropFirst(prefix.count).drop { $0 == " " || $0 == "\t" }
            if text.first == ":" { text = text.dropFirst() }
            text = text.drop { $0 == " " || $0 == "\t" }
            break
        }
        let hex = text.lowercased().filter(\.isLowercaseHexDigit)
        guard hex.count == Self.hexDigitCount else { return nil }
        self.hex = hex
    }

    /// The fingerprint of a 32-byte SHA-256 digest.
    public init(sha256 digest: [UInt8]) {
        precondition(digest.count == SHA256.byteCount, "CertificateFingerprint(sha256:) takes 32 bytes, got \(digest.count)")
        self.hex = digest.lowercaseHex
    }

    /// The fingerprint of a DER-encoded certificate.
    public init(derCertificate: [UInt8]) {
        self.init(sha256: SHA256.hash(derCertificate))
    }

    /// `AB:CD:…`, the form `openssl x509 -noout -fingerprint -sha256` prints, so a user can
    /// compare the two on the gateway host.
    public var colonSeparated: String {
        var groups: [Substring] = []
        var rest = Substring(hex.uppercased())
        while !rest.isEmpty {
            groups.append(rest.prefix(2))
            rest = rest.dropFirst(2)
        }
        return groups.joined(separator: ":")
    }

    /// How a person checks this fingerprint before trusting it, for remedies: what the
    /// certificate on the gateway host must show. Written once, so every trust decision
    /// asks for the same check.
    var gatewayHostCheck: String {
        "on the gateway host, `openssl x509 -noout -fingerprint -sha256 -in CERT` must print \(colonSeparated)"
    }

    /// A remedy for a certificate not trusted yet: check it, then `action` (e.g. "pair")
    /// with `--trust` and this fingerprint, shell-quoted.
    func verifyRemedy(then action: String) -> String {
        "verify the fingerprint out of band (\(gatewayHostCheck)), then \(action) with --trust \(ShellQuoting.quote(hex))"
    }
}

extension CertificateFingerprint: CustomStringConvertible {
    /// The 64 lowercase hex digits.
    public var description: String { hex }
}

extension Character {
    /// `0-9` or `a-f`.
    var isLowercaseHexDigit: Bool {
        guard let ascii = asciiValue else { return false }
        return (0x30...0x39).contains(ascii) || (0x61...0x66).contains(ascii)
    }
}

extension Substring {
    /// Without whitespace (Unicode's definition: spaces, tabs, newlines) at either end.
    func trimmingSpaces() -> Substring {
        var text = self
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
