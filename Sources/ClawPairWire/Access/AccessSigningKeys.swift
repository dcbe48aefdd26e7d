/// An issuer's JWKS (`<issuer>/cdn-cgi/access/certs`, RFC 7517) reduced to the RSA keys an
/// Access JWT may be verified with (spec/cloudflare-access.md "JWT rules").
///
/// A key counts when `kty` is `RSA`, `alg` is absent or `RS256`, `use` is absent or `sig`,
/// and its modulus (unpadded base64url, leading zeros dropped) is 256–1024 bytes; others are
/// skipped, not errors, since a JWKS may list keys for other purposes.
public struct AccessSigningKeys: Sendable {
    /// 1 MiB: the most of a JWKS response read.
    public static let maximumBytes = 1024 * 1024
    /// RSA 2048 to 8192 bits.
    public static let modulusBytes = 256...1024

    public struct Key: Sendable, Hashable {
        public let keyID: String
        /// Big-endian, no leading zero byte.
        public let modulus: [UInt8]
        /// Big-endian, no leading zero byte.
        public let exponent: [UInt8]

        public init(keyID: String, modulus: [UInt8], exponent: [UInt8]) {
            self.keyID = keyID
            self.modulus = modulus
            self.exponent = exponent
        }
    }

    public let keys: [Key]

    /// Parses a JWKS document; throws `ACCESS_KEYS_INVALID` when it is not one.
    public init(json bytes: [UInt8]) throws(ClawPairError) {
        guard bytes.count <= Self.maximumBytes else {
            throw ClawPairError(.accessKeysInvalid, "the issuer's key set is larger than \(Self.maximumBytes) bytes")
        }
        guard let document = try? JSONParser.parse(bytes), case .array(let entries)? = document["keys"] else {
            throw ClawPairError(.accessKeysInvalid, "the issuer's key set is not a JSON object with a keys array")
        }
        keys = entries.compactMap(Self.key)
    }

    /// The key for `keyID`; throws `ACCESS_KEYS_INVALID` for a foreign `kid`.
    public func key(for keyID: String) throws(ClawPairError) -> Key {
        guard let key = keys.first(where: { $0.keyID == keyID }) else {
            throw ClawPairError(
                .accessKeysInvalid, "the issuer has no usable RS256 key with kid \(keyID.debugDescription)")
        }
        return key
    }

    static func key(_ entry: JSONValue) -> Key? {
        guard let kid = entry["kid"]?.stringValue, !kid.isEmpty, entry["kty"]?.stringValue == "RSA" else { return nil }
        if let alg = entry["alg"], alg.stringValue != "RS256" { return nil }
        if let use = entry["use"], use.stringValue != "sig" { return nil }
        guard let n = entry["n"]?.stringValue.flatMap({ StrictBase64.decode($0, .urlUnpadded) }),
            let e = entry["e"]?.stringValue.flatMap({ StrictBase64.decode($0, .urlUnpadded) })
        else { return nil }
        let modulus = Array(n.drop { $0 == 0 })
        let exponent = Array(e.drop { $0 == 0 })
        guard modulusBytes.contains(modulus.count), (1...8).contains(exponent.count) else { return nil }
        return Key(keyID: kid, modulus: modulus, exponent: exponent)
    }
}
