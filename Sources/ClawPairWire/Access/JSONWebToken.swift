/// A compact JWS as Access issues them (spec/cloudflare-access.md "JWT rules"), parsed but not
/// yet verified: the signature check needs OpenSSL (ClawPairKit's `RS256Verifier`).
///
/// Accepted only with three base64url parts without padding, at most ``maximumBytes``; a
/// header whose `alg` is `RS256` (so `HS256` and `none` are refused before any key is
/// looked at), a non-empty `kid`, and `crit` absent or empty; a payload that is a JSON object.
public struct JSONWebToken: Sendable {
    /// 32 KiB, the spec's bound for every Access JWT.
    public static let maximumBytes = 32768

    /// The key id the JWKS key must match.
    public let keyID: String
    /// The payload's claims.
    public let claims: JSONValue
    /// `header.payload` as sent: the bytes the signature covers.
    public let signingInput: [UInt8]
    /// The signature bytes (RSASSA-PKCS1-v1_5).
    public let signature: [UInt8]

    /// Parses `text`; throws `ACCESS_TOKEN_INVALID` naming what is wrong. `what` names the
    /// token in messages ("the metadata JWT").
    public init(_ text: String, what: String) throws(ClawPairError) {
        func invalid(_ why: String) -> ClawPairError { ClawPairError(.accessTokenInvalid, "\(what) \(why)") }
        guard text.utf8.count <= Self.maximumBytes else { throw invalid("is longer than \(Self.maximumBytes) bytes") }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw invalid("is not a JWT (three dot-separated parts)") }
        guard let headerBytes = StrictBase64.decode(parts[0], .urlUnpadded),
            let payloadBytes = StrictBase64.decode(parts[1], .urlUnpadded),
            let signature = StrictBase64.decode(parts[2], .urlUnpadded)
        else { throw invalid("has a part that is not unpadded base64url") }
        guard let header = try? JSONParser.parse(headerBytes), case .object = header else {
            throw invalid("has a header that is not a JSON object")
        }
        guard let alg = header["alg"]?.stringValue else { throw invalid("has no alg") }
        guard alg == "RS256" else { throw invalid("uses alg \(alg.debugDescription); only RS256 is accepted") }
        guard let kid = header["kid"]?.stringValue, !kid.isEmpty else { throw invalid("has no kid") }
        if let crit = header["crit"] {
            guard case .array(let names) = crit, names.isEmpty else { throw invalid("has critical extensions") }
        }
        guard let claims = try? JSONParser.parse(payloadBytes), case .object = claims else {
            throw invalid("has a payload that is not a JSON object")
        }
        keyID = kid
        self.claims = claims
        signingInput = Array(text.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        self.signature = signature
    }

    /// A string claim, nil when absent or not a string.
    public func string(_ name: String) -> String? { claims[name]?.stringValue }

    /// A NumericDate claim (RFC 7519 §2) in whole seconds; nil when absent or not a number.
    public func seconds(_ name: String) -> Int64? {
        switch claims[name] {
        case .integer(let value)?: value
        case .double(let value)? where value.isFinite && abs(value) < 1e15: Int64(value.rounded(.down))
        default: nil
        }
    }
}
