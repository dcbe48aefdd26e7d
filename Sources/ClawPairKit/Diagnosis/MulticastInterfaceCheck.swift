/// Is there an interface mDNS can use: up, multicast-capable, not loopback, not a tunnel
/// Avahi skips, with carrier?
enum MulticastInterfaceCheck {
    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        let path = inputs.paths.networkInterfaces
        do throws(ClawPairError) {
            return evaluate(interfaces: try NetworkInterfaceReader.interfaces(sysfsPath: path))
        } catch {
            return MachineCheck(
                id: .multicastInterfaces, status: .warn,
                detail: "cannot read the interfaces: \(error.message)",
                remedy: "mount sysfs on /sys (mount -t sysfs sysfs /sys), or check with: ip link"
            )
        }
    }

    static func evaluate(interfaces: [NetworkInterfaceStatus]) -> MachineCheck {
        let usable = interfaces.filter { $0.multicastDNSUsability == .usable }
        if !usable.isEmpty {
            return MachineCheck(
                id: .multicastInterfaces, status: .ok,
                detail: usable.map(\.name).joined(separator: ", ") + " (up, multicast)"
            )
        }
        let others = interfaces.filter { $0.multicastDNSUsability != .loopback }
        let found =
            others.isEmpty
            ? "no network interface other than loopback"
            : "no interface mDNS can use: " + others.map { "\($0.name) \(reason($0.multicastDNSUsability))" }.joined(separator: "; ")
        return MachineCheck(id: .multicastInterfaces, status: .fail, detail: found, remedy: remedy(for: others))
    }

    private static func reason(_ usability: NetworkInterfaceStatus.MulticastDNSUsability) -> String {
        switch usability {
        case .usable: "usable"
        case .loopback: "is loopback"
        case .down: "is down"
        case .noMulticast: "has no multicast"
        case .pointToPoint: "is a point-to-point tunnel (Avahi skips these)"
        case .noCarrier: "has no carrier"
        }
    }

    private static func remedy(for interfaces: [NetworkInterfaceStatus]) -> String {
        let fallback = "or browse a wide-area domain instead (set OPENCLAW_WIDE_AREA_DOMAIN)"
        if let down = interfaces.first(where: { $0.multicastDNSUsability == .down && $0.flags.contains(.multicast) }) {
            return "ip link set dev \(ShellQuoting.quote(down.name)) up, \(fallback)"
        }
        if let unplugged = interfaces.first(where: { $0.multicastDNSUsability == .noCarrier }) {
            return "connect \(unplugged.name) to a network (plug in the cable or join the Wi-Fi), \(fallback)"
        }
        if interfaces.contains(where: { $0.multicastDNSUsability == .pointToPoint }) {
            return "connect to a LAN (Ethernet or Wi-Fi), or set allow-point-to-point=yes in /etc/avahi/avahi-daemon.conf and restart avahi-daemon, \(fallback)"
        }
        return "connect this machine to a LAN (Ethernet or Wi-Fi), \(fallback)"
    }
}
