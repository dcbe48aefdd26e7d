/// Reads whatever a user pastes or scans — a setup code, `oc-pair://` link, raw JSON, a chat
/// message containing a code, an `openclaw://` deep link or a gateway URL — into a validated
/// `SetupCode`, in the order the OpenClaw app tries them (spec/setup-codes.md, "Reading input").
public enum SetupCodeReader {
    /// Longer input is refused before any work: a QR code holds under 3 KB, and a pasted
    /// message with a code in it is far below this.
    public static let maximumInputBytes = 64 * 1024

    /// At most this many routes in all (primary included), as the gateway emits.
    public static let maximumRoutes = 8

    /// Codes shorter than this inside a pasted message are ordinary words, not codes.
    static let minimumPastedTokenLength = 24

    /// Decodes `input`, checking expiry against `nowMs` (Unix ms).
    public static func read(_ input: String, nowMs: Int64) throws(ClawPairError) -> SetupCode {
        guard input.utf8.count <= maximumInputBytes else {
            throw ClawPairError(.setupCodeInvalid, "input is longer than \(maximumInputBytes / 1024) KiB", remedy: SetupCodeRemedy.newCode)
        }
        let text = prepared(input)
        guard !text.isEmpty else {
            throw ClawPairError(.setupCodeInvalid, "no setup code given", remedy: "paste the code, or pass - to read it from standard input")
        }
        switch find(in: text) {
        case .payload(let object):
            return try interpret(payload: object, nowMs: nowMs)
        case .deepLink(let link):
            return try DeepLink.read(link)
        case .url(let url):
            let route = try route(fromURL: url)
            try requirePlaintextAllowed(route)
            return SetupCode(
                form: .url, primary: route, fallbacks: [], auth: .none, expiresAtMs: nil,
                tlsFingerprint: nil, name: nil, ignoredRoutes: [])
        case .nothing(let undecodable):
            throw undecodable
                ?? ClawPairError(
                    .setupCodeInvalid, "not a setup code, openclaw:// link or gateway URL",
                    remedy: "copy the whole code from `openclaw qr` on the gateway host, or scan its QR code with `clawpair scan`")
        }
    }

    /// The input trimmed, without an `oc-pair://` prefix.
    static func prepared(_ input: String) -> Substring {
        let text = Substring(input.trimmingWhitespace())
        return text.lowercased().hasPrefix("oc-pair://") ? text.dropFirst("oc-pair://".count) : text
    }

    /// What the input holds, found the way the app looks (steps 3–7), not yet validated.
    enum Found {
        case payload(JSONValue)
        case deepLink(String)
        case url(String)
        /// Nothing usable; the error of a whole-input base64 text that is no JSON object.
        case nothing(undecodable: ClawPairError?)
    }

    static func find(in text: Substring) -> Found {
        // 3. Raw JSON.
        if text.hasPrefix("{"), let object = try? JSONParser.parse(Array(text.utf8)) {
            return .payload(object)
        }
        // 4. The whole input as base64url.
        var undecodable: ClawPairError? = nil
        if let bytes = Base64URL.decode(text) {
            switch decodeJSONObject(bytes) {
            case .success(let object): return .payload(object)
            case .failure(let error): undecodable = error
            }
        }
        // 5. A code inside a pasted message.
        for token in pastedTokens(in: text) {
            if let bytes = Base64URL.decode(token), case .success(let object) = decodeJSONObject(bytes) {
                return .payload(object)
            }
        }
        let lowered = text.lowercased()
        // 6. Deep links.
        if lowered.hasPrefix("openclaw://") || lowered.hasPrefix("openclaw-debug://") {
            return .deepLink(String(text))
        }
        // 7. A gateway URL.
        if ["ws://", "wss://", "http://", "https://"].contains(where: lowered.hasPrefix) {
            return .url(String(text))
        }
        return .nothing(undecodable: undecodable)
    }

    /// Quotes and punctuation around a code in a sentence.
    static let pastedPunctuation: Set<Character> = [
        "`", "'", "\"", "“", "”", "‘", "’", "(", ")", "[", "]", "{", "}", "<", ">", ".", ",", ";", ":",
    ]

    /// Words of a pasted message that could be a code, with surrounding quotes and
    /// punctuation trimmed. Linear in the text: each character is looked at a bounded number
    /// of times (generic so tests can count).
    static func pastedTokens<Text: BidirectionalCollection>(in text: Text) -> [Text.SubSequence] where Text.Element == Character {
        let scheme = "oc-pair://"
        return text.split(whereSeparator: \.isWhitespace).compactMap { word in
            var token = word.trimming(while: pastedPunctuation.contains)
            // Someone pasting "oc-pair://CODE" into a sentence means the code.
            if String(token.prefix(scheme.count)).lowercased() == scheme { token = token.dropFirst(scheme.count) }
            guard token.count >= minimumPastedTokenLength,
                token.allSatisfy({ $0.asciiValue.map { $0.isBase64URLCharacter || $0 == UInt8(ascii: "=") } ?? false })
            else { return nil }
            return token
        }
    }

    private static func decodeJSONObject(_ bytes: [UInt8]) -> Result<JSONValue, ClawPairError> {
        do {
            let value = try JSONParser.parse(bytes)
            guard case .object = value else {
                return .failure(ClawPairError(.setupCodeInvalid, "the code holds JSON that is not an object", remedy: SetupCodeRemedy.newCode))
            }
            return .success(value)
        } catch {
            // Most often a code cut short while copying.
            return .failure(
                ClawPairError(
                    .setupCodeInvalid, "the code does not decode to a setup code (\(error.reason)); it may be incomplete",
                    remedy: "copy the whole code again, or " + SetupCodeRemedy.newCode))
        }
    }

    // MARK: Payload

    /// Validates a decoded payload: `{url|host…, urls?, bootstrapToken|token|password?,
    /// expiresAtMs?, tlsFingerprint?}`.
    static func interpret(payload: JSONValue, nowMs: Int64) throws(ClawPairError) -> SetupCode {
        var candidates: [String] = []
        var hostFormRoute: GatewayRoute? = nil
        if let url = payload["url"] {
            candidates.append(try string(url, field: "url"))
        } else if let host = payload["host"] {
            hostFormRoute = try legacyHostRoute(host: host, port: payload["port"], tls: payload["tls"])
        } else {
            throw ClawPairError(.setupCodeInvalid, "the setup code names no gateway (no url or host)", remedy: SetupCodeRemedy.newCode)
        }
        if let urls = payload["urls"], !urls.isNull {
            guard case .array(let entries) = urls else { throw fieldError("urls", "an array of strings") }
            for entry in entries { candidates.append(try string(entry, field: "urls")) }
        }

        var routes: [GatewayRoute] = hostFormRoute.map { [$0] } ?? []
        var ignored = FirstOccurrences<String, SetupCode.IgnoredRoute>()
        var firstError: ClawPairError? = nil
        var seen = Set(routes.map(\.url))
        for candidate in candidates where routes.count < maximumRoutes {
            do throws(ClawPairError) {
                let route = try route(fromURL: candidate)
                guard seen.insert(route.url).inserted else { continue }
                try requirePlaintextAllowed(route)
                routes.append(route)
            } catch {
                firstError = firstError ?? error
                ignored.append(.init(url: candidate, error: error.code, reason: error.message), key: candidate)
            }
        }
        guard let primary = routes.first else {
            throw firstError ?? ClawPairError(.setupCodeInvalid, "the setup code has no usable route", remedy: SetupCodeRemedy.newCode)
        }

        var fingerprint: String? = nil
        if let value = payload["tlsFingerprint"], !value.isNull {
            let text = try string(value, field: "tlsFingerprint")
            if !text.trimmingWhitespace().isEmpty {
                guard let normalized = TLSFingerprint.normalize(text) else {
                    throw ClawPairError(
                        .setupCodeBadFingerprint, "tlsFingerprint is not a SHA-256 fingerprint (64 hex digits)",
                        remedy: SetupCodeRemedy.newCode)
                }
                guard primary.tls else {
                    throw ClawPairError(
                        .setupCodeFingerprintWithoutTLS,
                        "the code pins a TLS certificate but its primary route \(primary.url) is plaintext",
                        remedy: "ask for a new code with a wss:// URL: run `openclaw qr` on the gateway host")
                }
                fingerprint = normalized
            }
        }

        let auth = try credential(in: payload)
        var expiresAtMs: Int64? = nil
        if let value = payload["expiresAtMs"], !value.isNull {
            switch value {
            case .integer(let ms) where ms >= 0: expiresAtMs = ms
            case .double(let ms) where ms >= 0 && ms.rounded() == ms && ms < 9e18: expiresAtMs = Int64(ms)
            default: throw fieldError("expiresAtMs", "a non-negative integer (Unix milliseconds)")
            }
        }
        if let expiresAtMs, expiresAtMs <= nowMs {
            throw ClawPairError(
                .setupCodeExpired, "the setup code expired at \(UTCTimestamp.format(milliseconds: expiresAtMs))",
                remedy: SetupCodeRemedy.newCode)
        }

        return SetupCode(
            form: .setupCode, primary: primary, fallbacks: Array(routes.dropFirst()), auth: auth,
            expiresAtMs: expiresAtMs, tlsFingerprint: fingerprint, name: nil, ignoredRoutes: ignored.elements)
    }

    /// Older producers: `{host, port?, tls?}`, where `tls` defaults to true.
    private static func legacyHostRoute(host: JSONValue, port: JSONValue?, tls: JSONValue?) throws(ClawPairError) -> GatewayRoute {
        let hostName = try string(host, field: "host")
        var useTLS = true
        switch tls {
        case nil, .null?: break
        case .bool(let value)?: useTLS = value
        case .string(let value)?: useTLS = DeepLink.isTrue(value)
        default: throw fieldError("tls", "a boolean")
        }
        var portNumber: Int? = nil
        switch port {
        case nil, .null?: break
        case .integer(let value)?: portNumber = Int(clamping: value)
        case .string(let value)? where Int(value) != nil: portNumber = Int(value)
        default: throw fieldError("port", "an integer")
        }
        let route: GatewayRoute
        do {
            route = try GatewayRoute(host: hostName, port: portNumber, tls: useTLS)
        } catch {
            throw ClawPairError(.setupCodeInvalid, "invalid gateway address: \(error.reason)", remedy: SetupCodeRemedy.newCode)
        }
        try requirePlaintextAllowed(route)
        return route
    }

    private static func credential(in payload: JSONValue) throws(ClawPairError) -> SetupAuth {
        for (field, make) in [("bootstrapToken", SetupAuth.bootstrapToken), ("token", SetupAuth.token), ("password", SetupAuth.password)] {
            guard let value = payload[field], !value.isNull else { continue }
            let text = try string(value, field: field)
            if !text.isEmpty { return make(Secret(text)) }
        }
        return .none
    }

    // MARK: Shared checks

    static func route(fromURL text: String) throws(ClawPairError) -> GatewayRoute {
        do {
            return try GatewayRoute(url: text)
        } catch {
            throw ClawPairError(.setupCodeInvalid, "invalid gateway URL: \(error.reason)", remedy: SetupCodeRemedy.newCode)
        }
    }

    /// Plaintext only to local hosts: a token sent over `ws://` across the internet or a
    /// tailnet could be read on the way.
    static func requirePlaintextAllowed(_ route: GatewayRoute) throws(ClawPairError) {
        if let refusal = route.plaintextRefusal(.setupCodeInsecureURL) { throw refusal }
    }

    private static func string(_ value: JSONValue, field: String) throws(ClawPairError) -> String {
        guard case .string(let text) = value else { throw fieldError(field, "a string") }
        return text
    }

    private static func fieldError(_ field: String, _ expected: String) -> ClawPairError {
        ClawPairError(.setupCodeInvalid, "the setup code's \(field) must be \(expected)", remedy: SetupCodeRemedy.newCode)
    }
}

extension UInt8 {
    var isBase64URLCharacter: Bool {
        switch self {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
