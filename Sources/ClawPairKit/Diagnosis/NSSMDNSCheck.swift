/// Does glibc resolve `.local` names (nss-mdns in nsswitch.conf)? clawpair itself resolves
/// through avahi-daemon, but the addresses it prints and the `lanHost` it shows only work in
/// other programs (ssh, browsers, curl) with nss-mdns.
enum NSSMDNSCheck {
    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        let path = inputs.paths.nsswitchConf
        switch inputs.readText(path) {
        case .success(let text): return evaluate(hosts: NSSwitchHosts(parsingFile: text), path: path)
        case .failure(let error): return evaluate(hosts: .glibcDefault, path: path, readError: error)
        }
    }

    static func evaluate(hosts: NSSwitchHosts, path: String, readError: ClawPairError? = nil) -> MachineCheck {
        let consequence = "other programs (ssh, browsers) cannot resolve .local names; clawpair's own discovery is not affected"
        let suggested = "hosts: " + hosts.suggestedWithMulticastDNS.text
        guard let mdns = hosts.firstMulticastDNSSource else {
            let found =
                if let readError { "cannot read \(path) (\(readError.message)), so glibc's default applies" }
                else if hosts.isDefault { "\(path) has no hosts: line, so glibc's default applies" }
                else { "the hosts: line in \(path) has no mdns module (hosts: \(hosts.text))" }
            return MachineCheck(
                id: .nssMDNS, status: .warn,
                detail: "\(found): \(consequence)",
                remedy: "apt-get install libnss-mdns (it adds mdns4_minimal to the hosts: line); if it is already installed, edit \(path) so the line reads: \(suggested)"
            )
        }
        if let blocker = hosts.sourceBlockingMulticastDNS {
            return MachineCheck(
                id: .nssMDNS, status: .warn,
                detail: "in \(path), \"\(blocker.text)\" comes before \(mdns.name) and stops at NOTFOUND, so \(mdns.name) is never asked: \(consequence)",
                remedy: "edit \(path) so the line reads: \(suggested)"
            )
        }
        var detail = "hosts: \(hosts.text) (.local names resolve through \(mdns.name))"
        if let mdnsIndex = hosts.sources.firstIndex(where: \.isMulticastDNS),
            hosts.sources[..<mdnsIndex].contains(where: { $0.name == "dns" })
        {
            detail += "; dns is asked first, so .local lookups wait for the DNS server"
        }
        return MachineCheck(id: .nssMDNS, status: .ok, detail: detail)
    }
}
