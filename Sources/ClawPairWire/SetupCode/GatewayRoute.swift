/// One way to reach a gateway: `ws[s]://host:port[/contextPath]`.
///
/// Parsing checks syntax only (spec/setup-codes.md, "Validation of each route"); whether
/// plaintext is allowed to the host is a policy the caller applies with `isLocal`.
public struct GatewayRoute: Sendable, Hashable {
    /// Lowercased, without brackets or a trailing dot. An IPv6 link-local zone is kept
    /// (`fe80::1%eth0`) because the address is useless without it.
    public let host: String
    public let port: Int
    public let tls: Bool
    /// The percent-encoded path the gateway is served under (`/openclaw`), or nil for `/`.
    public let contextPath: String?

    /// Default ports when a route names none: 443 with TLS, the gateway's 18789 without.
    public static let defaultTLSPort = 443
    public static let defaultPlaintextPort = 18789

    /// Why a route could not be parsed, in words for the user.
    public struct SyntaxError: Error, Sendable, Equatable {
        public let reason: String
    }

    /// A route from parts; `host` may be a name, an IPv4 literal, or an IPv6 literal with or
    /// without brackets (`fd00::1`, `[fd00::1]`), as people type them.
    public init(host: String, port: Int? = nil, tls: Bool, contextPath: String? = nil) throws(SyntaxError) {
        self.host = try Self.parseHost(host.trimmingWhitespace(), bracketsRequiredForIPv6: false)
        let port = port ?? (tls ? Self.defaultTLSPort : Self.defaultPlaintextPort)
        guard (1...65535).contains(port) else { throw SyntaxError(reason: "port \(port) is outside 1–65535") }
        self.port = port
        self.tls = tls
        self.contextPath = try contextPath.flatMap(Self.normalizePath)
    }

    /// A route from a `ws`, `wss`, `http` or `https` URL (`http(s)` read as `ws(s)`).
    public init(url text: String) throws(SyntaxError) {
        let text = text.trimmingWhitespace()
        guard let schemeEnd = text.range(of: "://") else {
            throw SyntaxError(reason: "'\(text)' is not a URL (expected ws://, wss://, http:// or https://)")
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        switch scheme {
        case "ws", "http": tls = false
        case "wss", "https": tls = true
        default: throw SyntaxError(reason: "unsupported scheme '\(scheme)' (expected ws, wss, http or https)")
        }
        let rest = text[schemeEnd.upperBound...]
        // Delimiters by scalar, as URL parsers find them: `?\u{301}` is one Character.
        guard !rest.unicodeScalars.contains("?") else { throw SyntaxError(reason: "a gateway URL must not have a query (?…)") }
        guard !rest.unicodeScalars.contains("#") else { throw SyntaxError(reason: "a gateway URL must not have a fragment (#…)") }
        let authorityEnd = rest.unicodeScalars.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !Self.hasUserInfo(text) else {
            throw SyntaxError(reason: "a gateway URL must not carry a user name or password (…@host)")
        }

        var hostPart = authority
        var portPart: Substring? = nil
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw SyntaxError(reason: "unclosed '[' in host") }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw SyntaxError(reason: "unexpected text after ']' in host") }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
            guard !portPart!.contains(":") else {
                throw SyntaxError(reason: "IPv6 addresses in URLs must be in brackets, e.g. ws://[fd00::1]:18789")
            }
        }
        host = try Self.parseHost(String(hostPart), bracketsRequiredForIPv6: true)

        if let portPart, !portPart.isEmpty {
            guard portPart.allSatisfy(\.isASCIIDigit), portPart.count <= 5, let value = Int(portPart), (1...65535).contains(value)
            else { throw SyntaxError(reason: "invalid port '\(portPart)' (expected 1–65535)") }
            port = value
        } else {
            port = tls ? Self.defaultTLSPort : Self.defaultPlaintextPort
        }
        contextPath = try Self.normalizePath(String(rest[authorityEnd...]))
    }

    /// Whether a URL's authority carries `user[:password]@`: a credential in clear, which
    /// output must not show and a route must not have.
    public static func hasUserInfo(_ text: String) -> Bool {
        guard let schemeEnd = text.range(of: "://") else { return false }
        return text[schemeEnd.upperBound...].unicodeScalars.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.contains("@")
    }

    /// The canonical URL: scheme `ws`/`wss`, IPv6 bracketed (zone as `%25`), port always
    /// written (a bare `ws://host` would mean port 80 to other tools, 18789 to a gateway).
    public var url: String {
        "\(tls ? "wss" : "ws")://\(authority)\(contextPath ?? "")"
    }

    /// `host:port` with IPv6 bracketed.
    public var authority: String { Self.authority(host: host, port: port) }

    /// The host as written inside a URL.
    public var urlHost: String { Self.urlHost(host) }

    /// `host:port` as written inside a URL, IPv6 bracketed with its zone escaped.
    public static func authority(host: String, port: Int) -> String {
        "\(urlHost(host)):\(port)"
    }

    /// `host` as written inside a URL: IPv6 bracketed, a zone's `%` escaped (RFC 6874).
    public static func urlHost(_ host: String) -> String {
        guard host.contains(":") else { return host }
        return "[" + host.replacingFirst("%", with: "%25") + "]"
    }

    /// Plaintext to this host is allowed (spec's strict list of local hosts).
    public var isLocal: Bool { HostPolicy.isLocal(host) }

    /// The host is this machine.
    public var isLoopback: Bool { HostPolicy.isLoopback(host) }
}

// MARK: Parsing helpers

extension GatewayRoute {
    private static func parseHost(_ raw: String, bracketsRequiredForIPv6: Bool) throws(SyntaxError) -> String {
        var text = Substring(raw)
        let bracketed = text.hasPrefix("[") && text.hasSuffix("]")
        if bracketed { text = text.dropFirst().dropLast() }
        guard !text.isEmpty else { throw SyntaxError(reason: "the host is missing") }

        if text.contains(":") {
            guard bracketed || !bracketsRequiredForIPv6 else {
                throw SyntaxError(reason: "IPv6 addresses in URLs must be in brackets, e.g. ws://[fd00::1]:18789")
            }
            // RFC 6874 writes the zone as %25 inside URLs; people type a bare %.
            var address = text
            var zone: Substring? = nil
            if let percent = text.firstIndex(of: "%") {
                address = text[..<percent]
                var rest = text[text.index(after: percent)...]
                if rest.hasPrefix("25"), rest.count > 2 { rest = rest.dropFirst(2) }
                zone = rest
            }
            guard let parsed = IPAddress(address), case .v6 = parsed else {
                throw SyntaxError(reason: "'\(text)' is not a valid IPv6 address")
            }
            if let zone {
                guard !zone.isEmpty, zone.count <= 64,
                    zone.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
                else { throw SyntaxError(reason: "invalid IPv6 zone '\(zone)'") }
                return "\(parsed)%\(zone)"
            }
            return parsed.description
        }
        guard !bracketed else { throw SyntaxError(reason: "only IPv6 addresses go in brackets") }
        let name = String(text.lowercased().droppingFinalDot())
        guard !name.isEmpty, name.utf8.count <= 253 else { throw SyntaxError(reason: "invalid host name length") }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                ? (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "." || scalar == "_")
                : (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard allowed, labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 }) else {
            throw SyntaxError(reason: "'\(text)' is not a valid host name")
        }
        return name
    }

    /// Keeps a path other than `/` as the context path, percent-encoding what a URL path may
    /// not contain raw.
    private static func normalizePath(_ path: String) throws(SyntaxError) -> String? {
        guard !path.isEmpty, path != "/" else { return nil }
        guard path.hasPrefix("/") else { throw SyntaxError(reason: "a context path must start with '/'") }
        let bytes = Array(path.utf8)
        var output = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, bytes[index + 1].isHexDigitASCII, bytes[index + 2].isHexDigitASCII {
                output += "%" + String(decoding: bytes[index + 1...index + 2], as: UTF8.self).uppercased()
                index += 3
                continue
            }
            if byte.isPathSafeASCII {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
            index += 1
        }
        return output
    }
}

extension UInt8 {
    fileprivate var isHexDigitASCII: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }

    /// RFC 3986 `pchar` and `/`, without `%` (escapes are handled separately).
    fileprivate var isPathSafeASCII: Bool {
        switch self {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "-._~!$&'()*+,;=:@/".utf8.contains(self)
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return self[..<index] + replacement + self[self.index(after: index)...]
    }
}

extension StringProtocol {
    /// `range(of:)` without Foundation.
    func range(of needle: String) -> Range<Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) {
                return start..<index(start, offsetBy: needle.count)
            }
            start = index(after: start)
        }
        return nil
    }
}
