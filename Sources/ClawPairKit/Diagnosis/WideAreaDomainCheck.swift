/// Is a wide-area browse domain set (`OPENCLAW_WIDE_AREA_DOMAIN`)? Informational: unset is
/// fine, only a value that cannot be a domain is worth a warning.
enum WideAreaDomainCheck {
    static let variable = "OPENCLAW_WIDE_AREA_DOMAIN"
    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        evaluate(value: inputs.environment[variable])
    }

    static func evaluate(value: String?) -> MachineCheck {
        guard let value else {
            return MachineCheck(id: .wideAreaDomain, status: .ok, detail: "\(variable) is not set: only local. is browsed")
        }
        let fixRemedy = "set \(variable) to your gateway's domain (e.g. openclaw.internal.), or unset it"
        let domain: String
        do {
            domain = try BrowseDomain(value).name
        } catch {
            let why = value.allSatisfy(\.isWhitespace) ? "is set but empty" : "=\(value) is not a DNS domain"
            return MachineCheck(id: .wideAreaDomain, status: .warn, detail: "\(variable) \(why)", remedy: fixRemedy)
        }
        if domain == "local." {
            return MachineCheck(id: .wideAreaDomain, status: .ok, detail: "\(variable) is local., the mDNS domain, browsed anyway")
        }
        return MachineCheck(
            id: .wideAreaDomain, status: .ok,
            detail: "browses \(domain) (from \(variable)) through unicast DNS-SD, besides local."
        )
    }
}
