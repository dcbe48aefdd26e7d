/// Hides secret-looking header values before a probe prints them: `--header` may carry an
/// Access token or a cookie, and responses may set one (spec/cli.md, "secrets").
public enum HeaderRedaction {
    public static let placeholder = "<redacted>"

    /// Field names whose values are credentials whatever they look like.
    static let secretNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "cf-access-token", "cf-access-jwt-assertion",
        "cf-access-client-secret", "cf-authorization", "x-api-key", "x-auth-token", "x-openclaw-token",
    ]

    /// Name fragments that mark a credential (`X-Gateway-Token`, `X-Session-Key` …).
    static let secretFragments = ["token", "secret", "password", "passwd", "auth", "session", "key", "jwt", "cookie"]

    /// Challenges name a scheme and parameters, never a credential, and an Access
    /// challenge's `resource_metadata` is what the report is for.
    static let publicNames: Set<String> = ["www-authenticate", "proxy-authenticate"]

    /// Whether `name: value` should be hidden.
    public static func isSecret(name: String, value: String) -> Bool {
        let lowered = name.lowercased()
        if publicNames.contains(lowered) { return false }
        if secretNames.contains(lowered) || secretFragments.contains(where: { lowered.contains($0) }) { return true }
        return looksLikeCredential(value)
    }

    /// The value to print.
    public static func displayValue(name: String, value: String) -> String {
        isSecret(name: name, value: value) ? placeholder : value
    }

    /// A bearer/basic credential or a JWT (three base64url parts, the first a JSON header).
    static func looksLikeCredential(_ value: String) -> Bool {
        let lowered = value.trimmingWhitespace().lowercased()
        if lowered.hasPrefix("bearer ") || lowered.hasPrefix("basic ") { return true }
        let parts = value.trimmingWhitespace().split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].hasPrefix("eyJ") && parts.allSatisfy { !$0.isEmpty }
    }
}
