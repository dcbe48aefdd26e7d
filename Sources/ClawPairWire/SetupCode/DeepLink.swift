/// `openclaw://` (and `openclaw-debug://`) deep links, as the OpenClaw app reads them
/// (spec/setup-codes.md, "Reading input" step 6).
enum DeepLink {
    /// `tls=` values that mean true; anything else, or no value, is false.
    static func isTrue(_ value: String) -> Bool {
        ["1", "true", "yes"].contains(value.lowercased())
    }

    static func read(_ text: String) throws(ClawPairError) -> SetupCode {
        guard let schemeEnd = text.range(of: "://") else { throw invalid("not a deep link") }
        let rest = text[schemeEnd.upperBound...]
        let target: Substring
        var query: Substring = ""
        if let questionMark = rest.unicodeScalars.firstIndex(of: "?") {
            target = rest[..<questionMark]
            query = rest[rest.unicodeScalars.index(after: questionMark)...]
        } else {
            target = rest
        }
        if let hash = query.unicodeScalars.firstIndex(of: "#") { query = query[..<hash] }
        let parameters = try parseQuery(query)
        func parameter(_ name: String) -> String? { parameters.last { $0.0 == name }?.1 }

        switch target.lowercased() {
        case "gateway", "gateway/":
            guard let host = parameter("host"), !host.isEmpty else { throw invalid("the deep link has no host=") }
            let tls = parameter("tls").map(isTrue) ?? false
            var port: Int? = nil
            if let text = parameter("port") {
                guard let value = Int(text), text.allSatisfy(\.isASCIIDigit) else { throw invalid("port=\(text) is not a number") }
                port = value
            }
            let route: GatewayRoute
            do {
                route = try GatewayRoute(host: host, port: port, tls: tls)
            } catch {
                throw invalid("invalid gateway address: \(error.reason)")
            }
            try SetupCodeReader.requirePlaintextAllowed(route)
            var auth = SetupAuth.none
            if let token = parameter("token"), !token.isEmpty {
                auth = .token(Secret(token))
            } else if let password = parameter("password"), !password.isEmpty {
                auth = .password(Secret(password))
            }
            return SetupCode(
                form: .deepLink, primary: route, fallbacks: [], auth: auth, expiresAtMs: nil,
                tlsFingerprint: nil, name: nil, ignoredRoutes: [])

        case "gateway/add":
            guard let url = parameter("url"), !url.isEmpty else { throw invalid("the deep link has no url=") }
            // Adding an address carries no credentials and must be TLS: https only.
            guard url.lowercased().hasPrefix("https://") else {
                throw ClawPairError(
                    .setupCodeInsecureURL, "openclaw://gateway/add only takes https:// URLs",
                    remedy: "use the gateway's https:// address")
            }
            let route = try SetupCodeReader.route(fromURL: url)
            let name = parameter("name").flatMap { $0.isEmpty ? nil : $0 }
            return SetupCode(
                form: .deepLink, primary: route, fallbacks: [], auth: .none, expiresAtMs: nil,
                tlsFingerprint: nil, name: name, ignoredRoutes: [])

        default:
            throw invalid("unknown deep link openclaw://\(target)")
        }
    }

    private static func invalid(_ message: String) -> ClawPairError {
        ClawPairError(.setupCodeInvalid, message, remedy: SetupCodeRemedy.newCode)
    }

    /// `name=value&…`, percent-decoded. `+` stays `+`: the app's URL parser does not read it
    /// as a space, and tokens may contain it. Split by scalar, as URL parsers do: `&\u{301}` is
    /// one `Character` but still a separator.
    static func parseQuery(_ query: Substring) throws(ClawPairError) -> [(String, String)] {
        var result: [(String, String)] = []
        for pair in query.unicodeScalars.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(Substring.init)
            guard let name = percentDecode(parts[0]), let value = percentDecode(parts.count > 1 ? parts[1] : "") else {
                throw invalid("the deep link has a malformed %-escape")
            }
            result.append((name, value))
        }
        return result
    }

    private static func percentDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
