/// Is the D-Bus system bus reachable? avahi-daemon serves its API (the libavahi-client
/// clawpair browses with) over it.
enum DBusCheck {
    /// Where the system bus is, as libdbus would dial it.
    enum Target: Sendable, Hashable {
        /// A socket, and the variable it came from (nil: the default path).
        case socket(UnixSocketAddress, fromEnvironment: Bool)
        /// `DBUS_SYSTEM_BUS_ADDRESS` has no unix socket we can connect to (e.g. `tcp:`).
        case notDialable(String)
        /// `DBUS_SYSTEM_BUS_ADDRESS` does not parse.
        case malformed(String)
    }

    static func target(environment: [String: String], defaultPath: String) -> Target {
        guard let text = environment[DBusAddress.systemBusEnvironmentVariable], !text.isEmpty else {
            return .socket(.path(defaultPath), fromEnvironment: false)
        }
        guard let list = DBusAddress.parseList(text) else { return .malformed(text) }
        guard let socket = DBusAddress.firstUnixSocket(in: list) else { return .notDialable(text) }
        return .socket(socket, fromEnvironment: true)
    }

    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        let target = target(environment: inputs.environment, defaultPath: inputs.paths.dbusSystemBusSocket)
        var outcome: UnixSocketProbe.Outcome?
        if case .socket(let address, _) = target {
            outcome = UnixSocketProbe.probe(address, timeout: inputs.socketTimeout)
        }
        return evaluate(target: target, outcome: outcome, serviceManager: inputs.serviceManager)
    }

    /// The verdict for a probe of `target` (`outcome` is nil when nothing was dialled).
    static func evaluate(target: Target, outcome: UnixSocketProbe.Outcome?, serviceManager: ServiceManager) -> MachineCheck {
        let variable = DBusAddress.systemBusEnvironmentVariable
        switch target {
        case .malformed(let text):
            return MachineCheck(
                id: .dbus, status: .fail,
                detail: "\(variable) is not a D-Bus address: \(text)",
                remedy: "unset \(ShellQuoting.quote(variable)) (the default is unix:path=\(DBusAddress.defaultSystemBusSocketPath)), "
                    + "or set it to unix:path=SOCKET"
            )
        case .notDialable(let text):
            return MachineCheck(
                id: .dbus, status: .skipped,
                detail: "\(variable) names no unix socket (\(text)); not checked"
            )
        case .socket(let address, let fromEnvironment):
            let origin = fromEnvironment ? " (from \(variable))" : ""
            let outcome = outcome ?? .timedOut
            switch outcome {
            case .accepted:
                return MachineCheck(id: .dbus, status: .ok, detail: "the system bus at \(address)\(origin) accepts connections")
            case .timedOut:
                return MachineCheck(
                    id: .dbus, status: .fail,
                    detail: "the system bus at \(address)\(origin) did not accept a connection in time",
                    remedy: serviceManager.restartCommand("dbus")
                )
            case .failed:
                let remedy =
                    outcome.isPermissionDenied
                    ? "give this user access to \(address): the system bus socket is normally srw-rw-rw- (ls -l \(ShellQuoting.quote(address.description)))"
                    : serviceManager.startCommand("dbus")
                return MachineCheck(
                    id: .dbus, status: .fail,
                    detail: "no D-Bus system bus at \(address)\(origin): \(outcome.summary)",
                    remedy: remedy
                )
            }
        }
    }
}
