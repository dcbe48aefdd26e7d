/// One challenge of a `WWW-Authenticate` field (RFC 9110 §11.6.1): a scheme with either a
/// token68 or name=value parameters.
///
/// `WWW-Authenticate: Cloudflare-Access resource_metadata="https://h/.well-known/…", Bearer realm="x"`
/// holds two challenges. Quoted values are unescaped; a comma inside quotes belongs to the
/// value.
public struct HTTPAuthenticationChallenge: Sendable, Hashable {
    /// One `name=value` parameter.
    public struct Parameter: Sendable, Hashable {
        /// The name as received; compare ignoring case.
        public var name: String
        /// The value, unquoted and unescaped.
        public var value: String

        /// A parameter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The auth scheme as received (`Bearer`); schemes compare ignoring case.
    public var scheme: String
    /// The token68 form (`Basic dXNlcg==`), when the challenge has one instead of parameters.
    public var token68: String?
    /// The parameters in order; each name appears once (§11.2: "MUST only occur once").
    public var parameters: [Parameter]

    /// A challenge.
    public init(scheme: String, token68: String? = nil, parameters: [Parameter] = []) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = parameters
    }

    /// The value of the parameter named `name` (any case).
    public func parameter(_ name: String) -> String? {
        parameters.first { HTTPToken.equalsIgnoringCase($0.name, name) }?.value
    }

    /// True when the scheme is `scheme`, ignoring case.
    public func hasScheme(_ scheme: String) -> Bool { HTTPToken.equalsIgnoringCase(self.scheme, scheme) }

    /// Every challenge in one `WWW-Authenticate` field value, in order. Throws
    /// ``HTTPWireError/Code/invalidAuthenticationChallenge`` when the value is not
    /// `#challenge`, including an unterminated quote or a repeated parameter name.
    public static func parse(_ fieldValue: String) throws(HTTPWireError) -> [HTTPAuthenticationChallenge] {
        var scanner = ChallengeScanner(Array(fieldValue.utf8))
        return try scanner.challenges()
    }
}

// MARK: Scanner

/// A bounds-checked walk over the field value's bytes; every read checks `index < bytes.count`.
private struct ChallengeScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func error(_ what: String) -> HTTPWireError {
        HTTPWireError(.invalidAuthenticationChallenge, "WWW-Authenticate: \(what) at byte \(index)")
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, HTTPToken.isWhitespace(byte) { index += 1 }
    }

    /// Skips OWS and commas: empty list elements are allowed (RFC 9110 §5.6.1.2).
    mutating func skipSeparators() {
        while let byte = current, HTTPToken.isWhitespace(byte) || byte == UInt8(ascii: ",") { index += 1 }
    }

    mutating func token() -> String? {
        let start = index
        while let byte = current, HTTPToken.isTokenByte(byte) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    mutating func challenges() throws(HTTPWireError) -> [HTTPAuthenticationChallenge] {
        var result: [HTTPAuthenticationChallenge] = []
        skipSeparators()
        while current != nil {
            guard let scheme = token() else { throw error("expected an auth scheme") }
            var challenge = HTTPAuthenticationChallenge(scheme: scheme)
            let afterScheme = index
            skipWhitespace()
            if index > afterScheme, let byte = current, byte != UInt8(ascii: ",") {
                if let token68 = token68() {
                    challenge.token68 = token68
                } else {
                    try parameters(into: &challenge)
                }
            } else if let byte = current, byte != UInt8(ascii: ",") {
                throw error("expected a space after the scheme")
            }
            result.append(challenge)
            skipWhitespace()
            guard current == nil || current == UInt8(ascii: ",") else { throw error("expected a comma between challenges") }
            skipSeparators()
        }
        return result
    }

    /// `token68 = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`, only when it
    /// ends the challenge (followed by the end or a comma); otherwise the index is unchanged.
    mutating func token68() -> String? {
        let start = index
        var probe = index
        while probe < bytes.count, Self.isToken68Byte(bytes[probe]) { probe += 1 }
        guard probe > start else { return nil }
        while probe < bytes.count, bytes[probe] == UInt8(ascii: "=") { probe += 1 }
        let end = probe
        while probe < bytes.count, HTTPToken.isWhitespace(bytes[probe]) { probe += 1 }
        guard probe == bytes.count || bytes[probe] == UInt8(ascii: ",") else { return nil }
        index = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isToken68Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    /// `auth-param *( OWS "," OWS auth-param )`; stops before a comma that starts the next
    /// challenge (a token not followed by `=`).
    mutating func parameters(into challenge: inout HTTPAuthenticationChallenge) throws(HTTPWireError) {
        while true {
            guard let name = token() else { throw error("expected a parameter name") }
            skipWhitespace()
            guard current == UInt8(ascii: "=") else { throw error("expected `=` after \(name)") }
            index += 1
            skipWhitespace()
            let value: String
            if current == UInt8(ascii: "\"") {
                value = try quotedString()
            } else if let token = token() {
                value = token
            } else {
                throw error("expected a token or a quoted string for \(name)")
            }
            guard challenge.parameter(name) == nil else { throw error("the parameter \(name) is repeated") }
            challenge.parameters.append(HTTPAuthenticationChallenge.Parameter(name: name, value: value))

            // Another parameter of this challenge follows only as `, name =`.
            let save = index
            skipWhitespace()
            guard current == UInt8(ascii: ",") else {
                index = save
                return
            }
            skipSeparators()
            guard current != nil, startsParameter() else {
                index = save
                return
            }
        }
    }

    /// True when a `token BWS "="` starts at the index (which does not move).
    func startsParameter() -> Bool {
        var probe = index
        while probe < bytes.count, HTTPToken.isTokenByte(bytes[probe]) { probe += 1 }
        guard probe > index else { return false }
        while probe < bytes.count, HTTPToken.isWhitespace(bytes[probe]) { probe += 1 }
        return probe < bytes.count && bytes[probe] == UInt8(ascii: "=")
    }

    /// `quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE` (RFC 9110 §5.6.4).
    mutating func quotedString() throws(HTTPWireError) -> String {
        index += 1  // The opening quote.
        var value: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current, HTTPToken.isFieldValueByte(escaped) else { throw error("a bad escape in a quoted string") }
                value.append(escaped)
                index += 1
            default:
                guard HTTPToken.isFieldValueByte(byte) else { throw error("a control byte in a quoted string") }
                value.append(byte)
            }
        }
        throw error("an unterminated quoted string")
    }
}
