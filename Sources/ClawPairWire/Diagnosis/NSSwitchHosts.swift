/// The `hosts:` line of `/etc/nsswitch.conf`: which name services glibc asks, in order, and
/// what each one's `[STATUS=action]` criteria do. Programs other than clawpair (browsers,
/// `ssh`, `curl`) resolve `.local` names only when an mDNS module (nss-mdns) is on this line
/// and nothing before it stops the lookup.
public struct NSSwitchHosts: Sendable, Hashable {
    /// One service on the line, e.g. `mdns4_minimal [NOTFOUND=return]`.
    public struct Source: Sendable, Hashable {
        /// The service name as written (`files`, `mdns4_minimal`, `dns`, `resolve`).
        public let name: String
        /// The criteria in brackets after it, in order.
        public let criteria: [Criterion]

        /// A service and its bracketed criteria.
        public init(name: String, criteria: [Criterion] = []) {
            self.name = name
            self.criteria = criteria
        }

        /// True for the nss-mdns modules (`mdns`, `mdns4`, `mdns6` and their `_minimal` forms).
        public var isMulticastDNS: Bool { NSSwitchHosts.multicastDNSModules.contains(name.lowercased()) }

        /// True when a NOTFOUND answer from this service ends the lookup, so later services
        /// are not asked. The last criterion that matches NOTFOUND decides; with none the
        /// default is `continue` (nsswitch.conf(5)).
        public var returnsOnNotFound: Bool {
            var action = "continue"
            for criterion in criteria where criterion.matches(status: "notfound") {
                action = criterion.action.lowercased()
            }
            return action == "return"
        }

        /// The source as it would be written on the line.
        public var text: String {
            guard !criteria.isEmpty else { return name }
            return name + " [" + criteria.map(\.text).joined(separator: " ") + "]"
        }
    }

    /// One `STATUS=action` item (`!` negates the status).
    public struct Criterion: Sendable, Hashable {
        /// True for `!STATUS`: the action applies to every other status.
        public let negated: Bool
        /// `SUCCESS`, `NOTFOUND`, `UNAVAIL` or `TRYAGAIN`, as written.
        public let status: String
        /// `return`, `continue` or `merge`, as written.
        public let action: String

        /// A criterion from its parts.
        public init(negated: Bool = false, status: String, action: String) {
            self.negated = negated
            self.status = status
            self.action = action
        }

        func matches(status name: String) -> Bool {
            (status.lowercased() == name) != negated
        }

        var text: String { (negated ? "!" : "") + status + "=" + action }
    }

    /// nss-mdns's module names (libnss-mdns).
    public static let multicastDNSModules: Set<String> = [
        "mdns", "mdns4", "mdns6", "mdns_minimal", "mdns4_minimal", "mdns6_minimal",
    ]

    /// The hosts line glibc uses when the file has none (nss/nsswitch.c): no mDNS.
    public static let glibcDefault = NSSwitchHosts(
        sources: [
            Source(name: "dns", criteria: [Criterion(negated: true, status: "UNAVAIL", action: "return")]),
            Source(name: "files"),
        ],
        isDefault: true
    )

    /// The services, in the order glibc asks them.
    public let sources: [Source]
    /// True when the file had no `hosts:` line and this is glibc's built-in default.
    public let isDefault: Bool

    /// A line from its services.
    public init(sources: [Source], isDefault: Bool = false) {
        self.sources = sources
        self.isDefault = isDefault
    }

    /// Parses the whole file. The first `hosts:` line counts, as glibc's lookup takes the
    /// first entry for a database; `#` starts a comment. Bracket items that are not
    /// `[!]STATUS=action` are dropped.
    public init(parsingFile text: String) {
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.prefix { $0 != "#" }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let database = String(line[..<colon]).trimmingWhitespace()
            guard database == "hosts" else { continue }
            self.init(sources: Self.parseSources(line[line.index(after: colon)...]))
            return
        }
        self = Self.glibcDefault
    }

    /// The first nss-mdns source, if any.
    public var firstMulticastDNSSource: Source? { sources.first(where: \.isMulticastDNS) }

    /// The first source before the mDNS module whose NOTFOUND ends the lookup, so `.local`
    /// names never reach nss-mdns (e.g. `files [NOTFOUND=return] mdns4_minimal`, or
    /// systemd's `resolve [!UNAVAIL=return]` ahead of it). Nil when nothing blocks or there
    /// is no mDNS module.
    public var sourceBlockingMulticastDNS: Source? {
        guard let index = sources.firstIndex(where: \.isMulticastDNS) else { return nil }
        return sources[..<index].first(where: \.returnsOnNotFound)
    }

    /// The line as it would be written, e.g. `files mdns4_minimal [NOTFOUND=return] dns`.
    public var text: String { sources.map(\.text).joined(separator: " ") }

    /// This line with `mdns4_minimal [NOTFOUND=return]` placed right after `files` (or first
    /// when there is no `files`) and any other mDNS module removed: the order libnss-mdns
    /// installs, which answers `.local` names from mDNS and leaves every other name to DNS.
    public var suggestedWithMulticastDNS: NSSwitchHosts {
        var result = sources.filter { !$0.isMulticastDNS }
        let mdns = Source(name: "mdns4_minimal", criteria: [Criterion(status: "NOTFOUND", action: "return")])
        if let files = result.firstIndex(where: { $0.name == "files" }) {
            result.insert(mdns, at: files + 1)
        } else {
            result.insert(mdns, at: 0)
        }
        return NSSwitchHosts(sources: result)
    }

    // MARK: Line parsing

    private static func parseSources(_ text: Substring) -> [Source] {
        var sources: [(name: String, criteria: [Criterion])] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "[" {
                let open = text.index(after: index)
                let close = text[open...].firstIndex(of: "]") ?? text.endIndex
                let criteria = parseCriteria(text[open..<close])
                // Criteria before any service have nothing to apply to.
                if !sources.isEmpty { sources[sources.count - 1].criteria += criteria }
                index = close < text.endIndex ? text.index(after: close) : close
            } else {
                let end = text[index...].firstIndex { $0.isWhitespace || $0 == "[" } ?? text.endIndex
                sources.append((String(text[index..<end]), []))
                index = end
            }
        }
        return sources.map { Source(name: $0.name, criteria: $0.criteria) }
    }

    /// `[!]STATUS = action` items; glibc allows spaces around `=`.
    private static func parseCriteria(_ text: Substring) -> [Criterion] {
        var criteria: [Criterion] = []
        var words: [Substring] = []
        // Split into words with `=` and `!` as their own tokens, then read status = action.
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "=" || character == "!" {
                words.append(text[index...index])
                index = text.index(after: index)
            } else {
                let end = text[index...].firstIndex { $0.isWhitespace || $0 == "=" || $0 == "!" } ?? text.endIndex
                words.append(text[index..<end])
                index = end
            }
        }
        var position = 0
        while position < words.count {
            let negated = words[position] == "!"
            let start = negated ? position + 1 : position
            let operators: Set<Substring> = ["=", "!"]
            guard start + 2 < words.count, !operators.contains(words[start]), words[start + 1] == "=",
                !operators.contains(words[start + 2])
            else {
                position += 1
                continue
            }
            criteria.append(Criterion(negated: negated, status: String(words[start]), action: String(words[start + 2])))
            position = start + 3
        }
        return criteria
    }
}
