/// Is avahi-daemon running? clawpair browses `local.` through it.
enum AvahiDaemonCheck {
    static func run(_ inputs: MachineCheckInputs, dbus: MachineCheck) -> MachineCheck {
        let socket = inputs.paths.avahiDaemonSocket
        let outcome = UnixSocketProbe.probe(.path(socket), timeout: inputs.socketTimeout)
        let processes = ProcessTable.processIDs(named: "avahi-daemon", procPath: inputs.paths.proc)
        let installed = inputs.executables.adding(inputs.paths.systemExecutableDirectories).find("avahi-daemon") != nil
        return evaluate(
            socketPath: socket, outcome: outcome, processIDs: processes, installed: installed,
            dbusFailed: dbus.status == .fail, serviceManager: inputs.serviceManager
        )
    }

    static func evaluate(
        socketPath: String, outcome: UnixSocketProbe.Outcome, processIDs: [Int32], installed: Bool,
        dbusFailed: Bool, serviceManager: ServiceManager
    ) -> MachineCheck {
        let pids = processIDs.isEmpty ? "" : " (pid \(processIDs.map(String.init).joined(separator: ", ")))"
        if outcome == .accepted, !dbusFailed {
            return MachineCheck(id: .avahiDaemon, status: .ok, detail: "avahi-daemon\(pids) answers on \(socketPath)")
        }
        if !processIDs.isEmpty || outcome == .accepted {
            guard dbusFailed else {
                return MachineCheck(
                    id: .avahiDaemon, status: .ok,
                    detail: "avahi-daemon is running\(pids); its socket \(socketPath): \(outcome.summary)"
                )
            }
            // Running, but programs reach its API through the system bus, which is down.
            return MachineCheck(
                id: .avahiDaemon, status: .fail,
                detail: "avahi-daemon is running\(pids), but without the D-Bus system bus clawpair cannot reach it",
                remedy: serviceManager.startCommand("dbus") + " && " + serviceManager.restartCommand("avahi-daemon")
            )
        }
        var steps: [String] = []
        if !installed { steps.append("apt-get install avahi-daemon") }
        if dbusFailed { steps.append(serviceManager.startCommand("dbus")) }
        steps.append(serviceManager.startCommand("avahi-daemon"))
        let what = installed ? "avahi-daemon is not running" : "avahi-daemon is not installed"
        return MachineCheck(
            id: .avahiDaemon, status: .fail,
            detail: "\(what) (\(socketPath): \(outcome.summary); no avahi-daemon process)",
            remedy: steps.joined(separator: " && ")
        )
    }
}
