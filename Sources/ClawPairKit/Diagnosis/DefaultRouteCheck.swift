/// Is there a default route? Without one only gateways on directly connected networks (and
/// this machine) can be reached; a tailnet or a public URL cannot.
enum DefaultRouteCheck {
    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        let ipv4 = inputs.readText(inputs.paths.ipv4Routes).map { KernelRouteTable(parsingIPv4: $0) }
        // The file is absent when IPv6 is disabled; that is no IPv6 route, not an error.
        let ipv6 = inputs.readText(inputs.paths.ipv6Routes).map { KernelRouteTable(parsingIPv6: $0) }
        return evaluate(ipv4: ipv4, ipv6: ipv6, ipv4Path: inputs.paths.ipv4Routes)
    }

    static func evaluate(
        ipv4: Result<KernelRouteTable, ClawPairError>, ipv6: Result<KernelRouteTable, ClawPairError>,
        ipv4Path: String = MachineCheckInputs.Paths.system.ipv4Routes
    ) -> MachineCheck {
        let v4 = (try? ipv4.get())?.defaultRoutes.first
        let v6 = (try? ipv6.get())?.defaultRoutes.first
        if v4 != nil || v6 != nil {
            let parts = [
                v4.map { "IPv4 \($0.summary)" } ?? "no IPv4 default route",
                v6.map { "IPv6 \($0.summary)" } ?? "no IPv6 default route",
            ]
            return MachineCheck(id: .defaultRoute, status: .ok, detail: parts.joined(separator: "; "))
        }
        var detail = "no default route: only gateways on directly connected networks can be reached"
        if case .failure(let error) = ipv4 { detail += " (cannot read \(ipv4Path): \(error.message))" }
        return MachineCheck(
            id: .defaultRoute, status: .warn, detail: detail,
            remedy: "connect to a network with a router (DHCP), or add a route: ip route add default via ROUTER-ADDRESS"
        )
    }
}
