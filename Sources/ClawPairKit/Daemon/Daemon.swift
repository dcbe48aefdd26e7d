/// `clawpair daemon` (spec/cli.md; spec/registry.md "Live sessions"): one instance per state
/// directory (``InstanceLock``), the sessions the registry asks for under one
/// ``DaemonSupervisor``, the registry followed through inotify on the state directory plus
/// SQLite's `data_version` (no polling), `clawpair status` served on a 0600 socket, SIGHUP
/// re-reads, SIGTERM/SIGINT close every session with 1000 and return.
public struct Daemon: Sendable {
    public static let lockFileName = "daemon.lock"
    public static let logFileName = "daemon.log"

    public var directory: StateDirectory
    public var environment: [String: String]
    public var log: DaemonLog
    public var displayName: String?
    public var tls = TLSConfiguration()

    public init(directory: StateDirectory, environment: [String: String], log: DaemonLog, displayName: String?) {
        self.directory = directory
        self.environment = environment
        self.log = log
        self.displayName = displayName
    }

    /// Runs until SIGTERM or SIGINT; `onReady` is called once the socket listens and the
    /// first sessions started. Throws before starting when another daemon holds the lock
    /// (exit 7), the registry is damaged (exit 8, left untouched), or a resource is missing.
    public func run(onReady: @escaping @Sendable () -> Void = {}) async throws(ClawPairError) {
        try directory.ensure()
        let lock = try Self.lock(directory)
        let registry = try GatewayRegistry(stateDirectory: directory)
        let (identity, instanceId) = try PairingStore.identity(in: registry)
        let view = DaemonRegistryView(registry)
        var overrides = ResolveOverrides()
        if let text = environment[ResolveOverrides.environmentVariable] { overrides = try ResolveOverrides(parsing: text) }
        let reactor = IOReactor()
        let log = self.log
        let sessionEnvironment = SessionEnvironment(
            reactor: reactor, overrides: overrides, tls: tls, identity: identity, instanceId: instanceId, displayName: displayName,
            recordConnection: { id, atMs, route in
                do throws(ClawPairError) { try view.recordConnection(id, atMs: atMs, route: route) } catch {
                    log.event("registry", fields: [("error", error.message)])
                }
            },
            log: log)
        let supervisor = DaemonSupervisor(environment: sessionEnvironment)
        let watcher = try DirectoryWatcher(path: directory.path, namePrefix: GatewayRegistry.fileName, reactor: reactor)
        let listener = try LocalStreamListener(path: DaemonStatusProtocol.socketPath(in: directory), reactor: reactor)
        SignalMonitor.start()
        let hangups = SignalMonitor.hangups()
        let reading = try view.read()
        supervisor.reconcile(reading.records, accessSessions: reading.accessSessions)
        log.event("started", fields: [("pid", "\(InstanceLock.currentPid)"), ("home", directory.path)])

        async let supervised: Void = supervisor.run()
        let signal = await withTaskGroup(of: Int32?.self) { group -> Int32 in
            group.addTask {
                await Self.follow(watcher: watcher, view: view, supervisor: supervisor, log: log)
                return nil
            }
            group.addTask {
                await DaemonStatusServer(listener: listener, supervisor: supervisor, log: log).run()
                return nil
            }
            group.addTask {
                for await _ in hangups {
                    log.event("SIGHUP: re-reading the registry")
                    Self.reread(view: view, supervisor: supervisor, log: log)
                }
                return nil
            }
            group.addTask { await SignalMonitor.nextTermination(onWaiting: onReady) }
            var received: Int32 = 0
            while let next = await group.next() {
                if let next {
                    received = next
                    break
                }
            }
            group.cancelAll()
            return received
        }
        log.event("stopping", fields: [("signal", "\(signal)")])
        supervisor.shutdown()
        await supervised
        log.event("stopped")
        withExtendedLifetime((lock, listener)) {}
    }

    /// Takes the state directory's instance lock, or says which daemon holds it (exit 7).
    static func lock(_ directory: StateDirectory) throws(ClawPairError) -> InstanceLock {
        do {
            return try InstanceLock(path: directory.appending(lockFileName))
        } catch {
            switch error {
            case .held(let pid):
                throw ClawPairError(
                    .daemonAlreadyRunning,
                    "another clawpair daemon\(pid.map { " (pid \($0))" } ?? "") is running for \(directory.path)",
                    remedy: "stop it first (kill \(pid.map(String.init) ?? "PID"), or systemctl --user stop clawpair), or use another --home")
            case .failed(let error): throw error
            }
        }
    }

    /// Throws ``ClawPairError/Code/daemonAlreadyRunning`` when a daemon holds the lock of
    /// `directory` (the lock is taken and released again).
    public static func requireNoOtherInstance(in directory: StateDirectory) throws(ClawPairError) {
        _ = try lock(directory)
    }

    /// The pid written in the lock file of `directory`, if any (the daemon that holds it,
    /// or held it last).
    public static func lockHolder(in directory: StateDirectory) -> Int32? {
        InstanceLock.recordedPid(at: directory.appending(lockFileName))
    }

    /// Reconciles after every change another process commits to the registry.
    static func follow(watcher: DirectoryWatcher, view: DaemonRegistryView, supervisor: DaemonSupervisor, log: DaemonLog) async {
        while !Task.isCancelled {
            guard (try? await watcher.nextChange()) != nil else { return }
            let changed = (try? view.changedSinceLastRead()) ?? true
            if changed { reread(view: view, supervisor: supervisor, log: log) }
        }
    }

    static func reread(view: DaemonRegistryView, supervisor: DaemonSupervisor, log: DaemonLog) {
        do {
            let reading = try view.read()
            supervisor.reconcile(reading.records, accessSessions: reading.accessSessions)
        } catch {
            // A registry another process is rewriting, or one damaged since: keep the
            // sessions as they are and say so; the next change tries again.
            log.event("registry", fields: [("error", error.message)])
        }
    }
}
