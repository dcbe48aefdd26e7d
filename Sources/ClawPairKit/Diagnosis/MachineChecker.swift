/// Runs the machine checks behind `clawpair doctor` and returns a ``MachineReport``.
///
/// Every check is a pure evaluation of parsed input plus a small read: failures are results,
/// nothing is thrown or printed, and nothing is changed on the machine (the state directory is
/// not created). The run is synchronous; it blocks for at most a socket timeout per socket and
/// ``MachineCheckInputs/tailscaleTimeout`` for `tailscale status`.
public struct MachineChecker: Sendable {
    /// What the checks read.
    public let inputs: MachineCheckInputs

    /// A checker over `inputs` (default: this machine, this process's environment).
    public init(inputs: MachineCheckInputs = MachineCheckInputs()) {
        self.inputs = inputs
    }

    /// Runs every check in ``MachineCheck/ID/all`` order, handing each result to `onCheck`
    /// as soon as it is known (for progress output).
    public func run(onCheck: (MachineCheck) -> Void = { _ in }) -> MachineReport {
        var checks: [MachineCheck] = []
        for id in MachineCheck.ID.all {
            let check = check(id, dbus: checks.first { $0.id == .dbus })
            onCheck(check)
            checks.append(check)
        }
        return MachineReport(checks: checks)
    }

    /// Runs one check.
    public func check(_ id: MachineCheck.ID) -> MachineCheck {
        check(id, dbus: nil)
    }

    private func check(_ id: MachineCheck.ID, dbus: MachineCheck?) -> MachineCheck {
        switch id {
        case .dbus: DBusCheck.run(inputs)
        case .avahiDaemon: AvahiDaemonCheck.run(inputs, dbus: dbus ?? DBusCheck.run(inputs))
        case .nssMDNS: NSSMDNSCheck.run(inputs)
        case .multicastInterfaces: MulticastInterfaceCheck.run(inputs)
        case .defaultRoute: DefaultRouteCheck.run(inputs)
        case .resolver: ResolverCheck.run(inputs)
        case .wideAreaDomain: WideAreaDomainCheck.run(inputs)
        case .stateDirectory: StateDirectoryCheck.run(inputs)
        case .tailscale: TailscaleCheck.run(inputs)
        default: MachineCheck(id: id, status: .skipped, detail: "unknown check")
        }
    }
}
