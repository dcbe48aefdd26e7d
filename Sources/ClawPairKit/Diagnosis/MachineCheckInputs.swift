/// Everything the machine checks read, injectable so tests feed fixture files, temporary
/// sockets and a fake `PATH` instead of the real machine. The defaults are the real machine.
public struct MachineCheckInputs: Sendable {
    /// The files, directories and sockets the checks look at.
    public struct Paths: Sendable, Hashable {
        /// glibc's name service switch configuration.
        public var nsswitchConf = "/etc/nsswitch.conf"
        /// The system resolver's configuration.
        public var resolvConf = "/etc/resolv.conf"
        /// The kernel's IPv4 routing table.
        public var ipv4Routes = "/proc/net/route"
        /// The kernel's IPv6 routing table (absent when IPv6 is off).
        public var ipv6Routes = "/proc/net/ipv6_route"
        /// One directory per interface, each with `flags` and `operstate`.
        public var networkInterfaces = "/sys/class/net"
        /// Searched for `<pid>/comm`.
        public var proc = "/proc"
        /// Used when `DBUS_SYSTEM_BUS_ADDRESS` is not set.
        public var dbusSystemBusSocket = DBusAddress.defaultSystemBusSocketPath
        /// avahi-daemon's simple-protocol socket (`AVAHI_SOCKET`).
        public var avahiDaemonSocket = AvahiSimpleProtocol.socketPath
        /// Present when systemd runs the machine; picks `systemctl` or `service` in remedies.
        public var systemdRuntimeDirectory = ServiceManager.systemdRuntimeDirectory
        /// Searched after `PATH` for daemons (Debian ships avahi-daemon in /usr/sbin, which a
        /// non-root `PATH` lacks).
        public var systemExecutableDirectories = ["/usr/sbin", "/sbin"]

        /// The real machine's paths; change the ones a test replaces.
        public init() {}

        /// The real machine's paths.
        public static let system = Paths()
    }

    /// Files, directories and sockets to look at.
    public var paths: Paths
    /// The environment the checks read (`CLAWPAIR_HOME`, `HOME`, `XDG_DATA_HOME`,
    /// `DBUS_SYSTEM_BUS_ADDRESS`, `OPENCLAW_WIDE_AREA_DOMAIN`, `PATH`); `tailscale` gets only
    /// its `PATH`, `LANG`, `LC_*` and `HOME` (``CommandRunner/minimalEnvironment(from:)``).
    public var environment: [String: String]
    /// The global `--home DIR`, if given.
    public var homeOption: String?
    /// Where to look for `tailscale` (and, with `paths.systemExecutableDirectories` added,
    /// `avahi-daemon`).
    public var executables: ExecutableLookup
    /// The user the state directory must belong to (default: the effective uid).
    public var userID: UInt32
    /// Bound on each socket connect (D-Bus, avahi-daemon).
    public var socketTimeout: Duration
    /// Bound on `tailscale status --json`.
    public var tailscaleTimeout: Duration

    /// `executables` defaults to a lookup over `environment["PATH"]`.
    public init(
        paths: Paths = .system,
        environment: [String: String] = ProcessEnvironment.current,
        homeOption: String? = nil,
        executables: ExecutableLookup? = nil,
        userID: UInt32? = nil,
        socketTimeout: Duration = UnixSocketProbe.connectTimeout,
        tailscaleTimeout: Duration = TailscaleCheck.statusTimeout
    ) {
        self.paths = paths
        self.environment = environment
        self.homeOption = homeOption
        self.executables = executables ?? ExecutableLookup(searchPath: environment["PATH"])
        self.userID = userID ?? ProcessIdentity.effectiveUserID
        self.socketTimeout = socketTimeout
        self.tailscaleTimeout = tailscaleTimeout
    }

    /// systemd or not, from `paths.systemdRuntimeDirectory`.
    var serviceManager: ServiceManager { ServiceManager.detect(runtimeDirectory: paths.systemdRuntimeDirectory) }

    /// The file's text, or the reason it could not be read.
    func readText(_ path: String) -> Result<String, ClawPairError> {
        do throws(ClawPairError) {
            return .success(String(decoding: try FileIO.readAll(path: path), as: UTF8.self))
        } catch {
            return .failure(error)
        }
    }
}
