/// What `clawpair doctor` needs from `/etc/resolv.conf`: the name servers glibc will use and
/// the search list. Deliberately minimal and package-internal: the full resolver
/// configuration for the unicast DNS-SD client lives in ClawPairWire/DNS.
package struct ResolvConfSummary: Sendable, Hashable {
    /// glibc's `MAXNS`: name servers after the third are ignored (resolv.conf(5)).
    package static let maximumNameservers = 3
    /// systemd-resolved's stub listener (`127.0.0.53`) and its DNSSEC-less proxy (`127.0.0.54`).
    package static let systemdResolvedStubs: Set<String> = ["127.0.0.53", "127.0.0.54"]

    /// The `nameserver` addresses glibc uses, as written, at most `maximumNameservers`.
    package let nameservers: [String]
    /// `nameserver` lines past the limit, which glibc ignores.
    package let ignoredNameservers: [String]
    /// The search list from the last `search` or `domain` line.
    package let searchDomains: [String]

    /// A summary from values already parsed.
    package init(nameservers: [String], ignoredNameservers: [String] = [], searchDomains: [String] = []) {
        self.nameservers = nameservers
        self.ignoredNameservers = ignoredNameservers
        self.searchDomains = searchDomains
    }

    /// Parses the file: `#` or `;` at the start of a line is a comment; a `nameserver` line's
    /// first word is the address; the last `search` or `domain` line sets the search list.
    package init(parsing text: String) {
        var servers: [String] = []
        var search: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let words = rawLine.split(whereSeparator: \.isWhitespace)
            guard let keyword = words.first, !keyword.hasPrefix("#"), !keyword.hasPrefix(";") else { continue }
            switch keyword {
            case "nameserver":
                if words.count >= 2 { servers.append(String(words[1])) }
            case "search":
                search = words.dropFirst().map(String.init)
            case "domain":
                search = words.count >= 2 ? [String(words[1])] : []
            default:
                continue
            }
        }
        self.init(
            nameservers: Array(servers.prefix(Self.maximumNameservers)),
            ignoredNameservers: Array(servers.dropFirst(Self.maximumNameservers)),
            searchDomains: search
        )
    }

    /// True when the only name servers are systemd-resolved's stub, so the real upstream
    /// (and per-link split DNS, e.g. Tailscale's) is in `resolvectl status`.
    package var usesSystemdResolvedStub: Bool {
        !nameservers.isEmpty && nameservers.allSatisfy { Self.systemdResolvedStubs.contains($0) }
    }
}
