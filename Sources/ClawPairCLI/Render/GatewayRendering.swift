import ClawPairKit

/// Gateways as a table for people; JSON is `DiscoveredGateway.json` (spec/cli.md `browse`).
enum GatewayRendering {
    static func table(_ gateways: [DiscoveredGateway], style: Style) -> String {
        let header = ["NAME", "HOST:PORT", "ADDRESSES", "TLS", "SOURCES"]
        // Two gateways may share a display name (a collision rename keeps the TXT name):
        // then the instance name, which is unique, tells them apart.
        var nameCounts: [String: Int] = [:]
        for gateway in gateways { nameCounts[gateway.displayName, default: 0] += 1 }
        let rows = gateways.map { gateway in
            [
                TerminalText.escape(nameCounts[gateway.displayName, default: 0] > 1 ? gateway.instance : gateway.displayName),
                TerminalText.escape(hostPort(gateway)),
                gateway.addresses.isEmpty ? "-" : TerminalText.escape(gateway.addresses.joined(separator: ", ")),
                gateway.tls ? "yes" : "no",
                gateway.sources.map(\.rawValue).joined(separator: "+"),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(to: $1) }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return style.bold(line(header).dropLast() + "") + "\n" + rows.map(line).joined()
    }

    /// One gateway in full, for `resolve`.
    static func detail(_ gateway: DiscoveredGateway) -> String {
        var lines = [
            ("name", gateway.displayName), ("instance", gateway.instance), ("id", gateway.id.description),
            ("host", hostPort(gateway)),
            ("addresses", gateway.addresses.isEmpty ? "-" : gateway.addresses.joined(separator: ", ")),
            ("tls", gateway.tls ? "yes" + (gateway.tlsFingerprint.map { " (hint sha256 \($0))" } ?? "") : "no"),
            ("sources", gateway.sources.map(\.rawValue).joined(separator: "+")),
        ]
        if let interface = gateway.interface { lines.append(("interface", interface)) }
        if let tailnet = gateway.tailnetDns { lines.append(("tailnetDns", tailnet)) }
        if let lanHost = gateway.lanHost { lines.append(("lanHost", lanHost)) }
        for (key, value) in gateway.txt.rawPairs { lines.append(("txt " + key, value)) }
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { TerminalText.escape($0.0).padding(to: width) + "  " + TerminalText.escape($0.1) }.joined(separator: "\n") + "\n"
    }

    static func hostPort(_ gateway: DiscoveredGateway) -> String {
        gateway.host.contains(":") ? "[\(gateway.host)]:\(gateway.port)" : "\(gateway.host):\(gateway.port)"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
