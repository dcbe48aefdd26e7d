import ClawPairKit

/// What the sim advertises about itself, in the real gateway's terms (spec/discovery.md).
struct SimServiceDescription: Sendable, Hashable {
    /// The display name (without ` (OpenClaw)`).
    var name: String
    var port: UInt16
    /// Hex SHA-256 of the certificate with `--tls`.
    var tlsFingerprint: String?

    /// The instance name: the display name plus ` (OpenClaw)` unless it already says
    /// "openclaw", at most 63 bytes cut on a character boundary.
    var instanceName: String {
        let full = name.lowercased().contains("openclaw") ? name : name + " (OpenClaw)"
        var cut = ""
        for character in full where cut.utf8.count + String(character).utf8.count <= 63 { cut.append(character) }
        return cut
    }

    /// The machine's host name (first label), for `lanHost` and the zone's host label.
    static var hostname: String {
        guard let text = HostName.current else { return "openclaw" }
        return String(text.split(separator: ".").first ?? "openclaw")
    }

    /// The mDNS TXT record: the keys a real gateway sends on `local.`.
    var mdnsTXT: GatewayTXT {
        var pairs = [
            ("role", "gateway"), ("transport", "gateway"), ("gatewayPort", String(port)), ("displayName", name),
            ("lanHost", Self.hostname + ".local"),
        ]
        if let tlsFingerprint {
            pairs.append(("gatewayTls", "1"))
            pairs.append(("gatewayTlsSha256", tlsFingerprint))
        }
        pairs.append(("gatewayDirectReachable", "1"))
        return GatewayTXT(pairs: pairs)
    }
}

/// Writes the unicast DNS-SD zone of `--zone` in the gateway's layout (``GatewayZone``), for
/// dnsmasq, CoreDNS or another server to serve.
enum SimZoneFile {
    static func write(_ description: SimServiceDescription, to path: String, domain: String, address: IPAddress)
        throws(ClawPairError)
    {
        let zone = GatewayZone(
            domain: try BrowseDomain(domain), serial: UInt32(truncatingIfNeeded: WallClock.nowMs() / 1000),
            hostname: SimServiceDescription.hostname, gatewayPort: description.port, displayName: description.name,
            tailnetIPv4: address, gatewayTls: description.tlsFingerprint != nil,
            tlsFingerprintSha256: description.tlsFingerprint)
        let text: String
        do {
            text = try zone.zoneFileText()
        } catch {
            throw ClawPairError(.usage, "cannot make a zone for \(domain): \(error)")
        }
        // Not a secret, but the zone goes where the user asked, readable by the DNS server.
        try FileIO.writeFile(Array(text.utf8), to: path, mode: 0o644)
    }
}
