/// Is a wide-area browse domain set (`OPENCLAW_WIDE_AREA_DOMAIN`)? Informational: unset is
/// fine, only a value that cannot be a domain is worth a warning.
enum WideAreaDomainCheck {
    static let variable = "OPENCLAW_WIDE_AREA_DOMAIN"
    /// RFC 1035 §2.3.4.
    static let maximumLabelBytes = 63
    /// RFC 1035 §2.3.4: 255 bytes on the wire is 253 in text without the final dot.
    static let maximumNameBytes = 253

    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        evaluate(value: inputs.environment[variable])
    }

    /// Trims, lowercases and adds the trailing dot (spec/discovery.md); `local` is `local.`.
    static func normalize(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        let trimmed = String(scalars).lowercased()
        guard !trimmed.isEmpty, !trimmed.hasSuffix(".") else { return trimmed }
        return trimmed + "."
    }

    static func evaluate(value: String?) -> MachineCheck {
        guard let value else {
            return MachineCheck(id: .wideAreaDomain, status: .ok, detail: "\(variable) is not set: only local. is browsed")
        }
        let domain = normalize(value)
        let fixRemedy = "set \(variable) to your gateway's domain (e.g. openclaw.internal.), or unset it"
        guard !domain.isEmpty, domain != "." else {
            return MachineCheck(
                id: .wideAreaDomain, status: .warn, detail: "\(variable) is set but empty", remedy: fixRemedy
            )
        }
        let labels = domain.dropLast().split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) || labels.contains(where: { $0.utf8.count > maximumLabelBytes })
            || domain.utf8.count - 1 > maximumNameBytes
        {
            return MachineCheck(
                id: .wideAreaDomain, status: .warn,
                detail: "\(variable)=\(value) is not a DNS domain (empty or over-long label)",
                remedy: fixRemedy
            )
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
