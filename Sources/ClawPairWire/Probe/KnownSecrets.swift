/// Secret values a command knows (header values from `--header-file`, secret-looking
/// `--header` values, a paired gateway's stored tokens), hidden wherever text from the
/// network is shown: a server that reflects the request, or echoes a token in an error
/// page, must not make `probe` print it (issue 16, item 5).
///
/// Name-based hiding (``HeaderRedaction``) catches `Authorization: …` in a header list; this
/// catches the value itself anywhere: in a captured body, under an innocent header name, in
/// a failure message. A capture that ends part-way through a secret (the body is cut at
/// 512 bytes) hides that part too.
public struct KnownSecrets: Sendable, Hashable {
    /// Values shorter than this are not hidden: three characters are not a credential, and
    /// hiding every `abc` would make the report unreadable.
    public static let minimumLength = 4

    /// Longest first, so a secret that contains another is hidden whole.
    public let values: [String]

    public init(_ values: [String]) {
        let kept = Set(values.filter { $0.utf8.count >= Self.minimumLength })
        self.values = kept.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1 }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// `text` with every known secret, and a secret's start at the very end, replaced by
    /// ``HeaderRedaction/placeholder``.
    public func redact(_ text: String) -> String {
        guard !values.isEmpty else { return text }
        var result = Array(text.utf8)
        for secret in values { result = Self.replacing(Array(secret.utf8), in: result) }
        for secret in values { result = Self.hidingTruncated(Array(secret.utf8), in: result) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Every string in `value` (object member values and array elements, not member names)
    /// through ``redact(_:)``.
    public func redact(_ value: JSONValue) -> JSONValue {
        guard !values.isEmpty else { return value }
        switch value {
        case .string(let text): return .string(redact(text))
        case .array(let elements): return .array(elements.map(redact))
        case .object(let members): return .object(members.map { ($0.0, redact($0.1)) })
        case .null, .bool, .integer, .double: return value
        }
    }

    private static let placeholderBytes = Array(HeaderRedaction.placeholder.utf8)

    /// Replaces each occurrence of `needle`, left to right, in bytes (a secret is found
    /// whatever the text around it combines with). Knuth–Morris–Pratt, so linear in the text
    /// whatever the secret repeats (a hostile body must not make redaction slow).
    static func replacing(_ needle: [UInt8], in haystack: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        let failure = prefixFunction(needle)
        var output: [UInt8] = []
        output.reserveCapacity(haystack.count)
        var matched = 0
        for byte in haystack {
            output.append(byte)
            while matched > 0 && byte != needle[matched] { matched = failure[matched - 1] }
            if byte == needle[matched] { matched += 1 }
            if matched == needle.count {
                output.removeLast(needle.count)
                output += placeholderBytes
                matched = 0
            }
        }
        return output
    }

    /// Hides the longest start of `secret` (at least ``minimumLength`` bytes, short of the
    /// whole) that ends `text`: what a capture cut inside the secret kept of it.
    static func hidingTruncated(_ secret: [UInt8], in text: [UInt8]) -> [UInt8] {
        guard secret.count > minimumLength, !text.isEmpty else { return text }
        // The prefix function of secret + separator + text's tail: its last value is the
        // longest prefix of `secret` that is a suffix of the text.
        let tail = text.suffix(secret.count - 1)
        let combined = secret.map(Int.init) + [-1] + tail.map(Int.init)
        let length = prefixFunction(combined).last ?? 0
        guard length >= minimumLength else { return text }
        return Array(text.dropLast(length)) + placeholderBytes
    }

    /// For each position, the length of the longest proper prefix of `pattern[...i]` that is
    /// also its suffix.
    static func prefixFunction<T: Equatable>(_ pattern: [T]) -> [Int] {
        var result = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0 && pattern[index] != pattern[length] { length = result[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            result[index] = length
        }
        return result
    }
}

extension ProbeReport {
    /// The report with every known secret hidden in what came from the network: the stages'
    /// details (headers, bodies, certificate fields) and the failures' messages.
    public func redacting(_ secrets: KnownSecrets) -> ProbeReport {
        guard !secrets.isEmpty else { return self }
        var report = self
        report.routes = routes.map { route in
            var route = route
            route.stages = route.stages.map { stage in
                var stage = stage
                stage.detail = secrets.redact(stage.detail)
                return stage
            }
            if let failure = route.failure { route.failure?.message = secrets.redact(failure.message) }
            return route
        }
        return report
    }
}
