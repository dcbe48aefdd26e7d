/// Whether raw input spells a credential, valid or not, so output that shows the input can
/// print `<redacted>` instead (spec/cli.md, "secrets"). A rejected code is as secret as a
/// valid one: its base64 still spells the token.
extension SetupCodeReader {
    /// True when `input` holds a credential: a code, payload or pasted message with a token or
    /// password field, a deep link or URL whose query names one, a URL with `user:password@`,
    /// or something code-shaped that does not decode (a code cut short spells part of its
    /// token). Found with the same steps as ``read(_:nowMs:)``.
    public static func carriesSecret(_ input: String) -> Bool {
        // Never read, so nothing is known of it; output shows none of it.
        guard input.utf8.count <= maximumInputBytes else { return true }
        let text = prepared(input)
        switch find(in: text) {
        case .payload(let object): return payloadCarriesSecret(object)
        case .deepLink(let link), .url(let link): return urlCarriesSecret(link)
        case .nothing(let undecodable):
            return (undecodable != nil && text.utf8.count >= minimumPastedTokenLength) || !pastedTokens(in: text).isEmpty
                || text.hasPrefix("{")
        }
    }

    static func payloadCarriesSecret(_ payload: JSONValue) -> Bool {
        for field in ["bootstrapToken", "token", "password"] {
            switch payload[field] {
            case nil, .null?: continue
            case .string(let text)? where text.isEmpty: continue
            default: return true  // of the wrong type too: still what the producer meant as a secret
            }
        }
        var urls = [payload["url"]].compactMap { $0 }
        if case .array(let entries)? = payload["urls"] { urls += entries }
        return urls.contains { $0.stringValue.map(urlCarriesSecret) ?? false }
    }

    /// A URL or deep link with `user:password@`, or a query parameter that is a credential by
    /// the rule that hides header values (`token=`, `password=`, …) or is such a URL.
    static func urlCarriesSecret(_ text: String) -> Bool {
        if GatewayRoute.hasUserInfo(text) { return true }
        // By scalar, as URL parsers look: `\u{6DD}?` is one Character, yet its `?` starts the query.
        guard let questionMark = text.unicodeScalars.firstIndex(of: "?") else { return false }
        var query = text[text.unicodeScalars.index(after: questionMark)...]
        if let hash = query.unicodeScalars.firstIndex(of: "#") { query = query[..<hash] }
        // A malformed query cannot be told apart from one with a token in it.
        guard let parameters = try? DeepLink.parseQuery(query) else { return true }
        return parameters.contains { name, value in HeaderRedaction.isSecret(name: name, value: value) || GatewayRoute.hasUserInfo(value) }
    }
}
