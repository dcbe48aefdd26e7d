/// Which DNS servers does the system resolver use? The unicast DNS-SD client asks them for
/// wide-area domains, and probes resolve gateway host names through them.
enum ResolverCheck {
    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        let path = inputs.paths.resolvConf
        switch inputs.readText(path) {
        case .success(let text): return evaluate(summary: ResolvConfSummary(parsing: text), path: path)
        case .failure(let error): return evaluate(summary: nil, path: path, readError: error)
        }
    }

    static func evaluate(summary: ResolvConfSummary?, path: String, readError: ClawPairError? = nil) -> MachineCheck {
        let remedy = "add a line \"nameserver ADDRESS\" (your router's or DNS server's address) to \(path), or start the service that writes it (systemd-resolved or NetworkManager)"
        guard let summary, !summary.nameservers.isEmpty else {
            let found = readError.map { "cannot read \(path) (\($0.message))" } ?? "\(path) has no nameserver line"
            return MachineCheck(
                id: .resolver, status: .warn,
                detail: "\(found), so glibc asks a DNS server on this machine (127.0.0.1)",
                remedy: remedy
            )
        }
        var detail = (summary.nameservers.count == 1 ? "nameserver " : "nameservers ") + summary.nameservers.joined(separator: ", ")
        if summary.usesSystemdResolvedStub {
            detail += " (systemd-resolved's stub: upstream servers and per-link DNS such as Tailscale's are in resolvectl status)"
        }
        if !summary.ignoredNameservers.isEmpty {
            detail += "; \(summary.ignoredNameservers.count) more ignored (glibc uses \(ResolvConfSummary.maximumNameservers))"
        }
        if !summary.searchDomains.isEmpty {
            detail += "; search " + summary.searchDomains.joined(separator: " ")
        }
        return MachineCheck(id: .resolver, status: .ok, detail: detail)
    }
}
