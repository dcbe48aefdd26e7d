/// An Avahi error code (`AVAHI_ERR_*`, avahi-common/error.h) from one operation, and the
/// `ClawPairError` it means.
struct AvahiFailure: Hashable, Sendable, Error {
    /// The code as avahi-client returned it (kept in every message).
    var code: Int32
    /// The operation that failed.
    var operation: MDNSOperationKey

    static let failure: Int32 = -1
    static let timeout: Int32 = -15
    static let tooManyClients: Int32 = -16
    static let tooManyObjects: Int32 = -17
    static let accessDenied: Int32 = -20
    static let dbusError: Int32 = -22
    static let disconnected: Int32 = -23
    static let noDaemon: Int32 = -26
    static let invalidInterface: Int32 = -27
    static let notPermitted: Int32 = -50

    private static let names: [Int32: String] = [
        -1: "Operation failed", -2: "Bad state", -5: "No suitable network protocol available", -15: "Timeout reached",
        -16: "Too many clients", -17: "Too many objects", -20: "Access denied", -21: "Invalid operation",
        -22: "An unexpected D-Bus error occurred", -23: "Daemon connection failed", -24: "Memory exhausted",
        -26: "Daemon not running", -27: "Invalid interface index", -28: "Invalid protocol specification",
        -30: "Not found", -49: "Not supported", -50: "Operation not permitted", -51: "Invalid argument",
    ]

    /// `Avahi error -26 (Daemon not running)`.
    var codeDescription: String {
        "Avahi error \(code)" + (Self.names[code].map { " (\($0))" } ?? "")
    }

    private var operationDescription: String {
        switch operation {
        case .browse: "browsing"
        case .resolve(let key): "resolving '\(key.name)'"
        case .address(let query): "looking up the addresses of \(query.host)"
        }
    }

    /// The error to report. `systemBus` says whether the D-Bus system bus socket exists
    /// (nil: unknown); avahi-client does not say which of the two is missing, so the remedy
    /// names the part that is actually missing when it can, in the words of the machine's
    /// service manager (`systemctl` under systemd, `service` elsewhere), as doctor does.
    func error(systemBus: Bool?, serviceManager: ServiceManager = .detect()) -> ClawPairError {
        switch code {
        case Self.noDaemon, Self.disconnected, Self.dbusError:
            if systemBus == false {
                return ClawPairError(
                    .mdnsUnavailable,
                    "mDNS is unavailable while \(operationDescription): the D-Bus system bus is not running, so avahi-daemon cannot be reached (\(codeDescription))",
                    remedy: "start D-Bus and avahi-daemon: \(serviceManager.startCommand("dbus")) && \(serviceManager.startCommand("avahi-daemon")) "
                        + "(install them with apt-get install dbus avahi-daemon)")
            }
            return ClawPairError(
                .mdnsUnavailable,
                "mDNS is unavailable while \(operationDescription): avahi-daemon is not running or not reachable over D-Bus (\(codeDescription))",
                remedy: "start it with \(serviceManager.startCommand("avahi-daemon")) (install it with apt-get install avahi-daemon); it needs the D-Bus system bus running")
        case Self.tooManyClients, Self.tooManyObjects, Self.accessDenied, Self.notPermitted:
            return ClawPairError(
                .mdnsRefused,
                "avahi-daemon refused \(operationDescription) (\(codeDescription))",
                remedy: "too many clients or objects (avahi-daemon.conf: clients-max, objects-per-client-max), or D-Bus policy denies access to org.freedesktop.Avahi; see the avahi-daemon log")
        case Self.invalidInterface:
            return ClawPairError(
                .mdnsInterfaceNotFound, "avahi-daemon does not use that interface (\(codeDescription))",
                remedy: "check allow-interfaces in /etc/avahi/avahi-daemon.conf")
        default:
            return ClawPairError(.mdnsFailed, "mDNS failed while \(operationDescription) (\(codeDescription))")
        }
    }

    /// Whether the D-Bus system bus socket exists, as libdbus would look for it:
    /// `$DBUS_SYSTEM_BUS_ADDRESS` (its first `unix:path=` entry) or the standard path. nil
    /// when the address is of another kind (abstract socket, TCP) and cannot be checked.
    static func systemBusSocketExists() -> Bool? {
        var path = "/run/dbus/system_bus_socket"
        if let address = ProcessEnvironment.value(named: "DBUS_SYSTEM_BUS_ADDRESS") {
            let first = address.split(separator: ";").first ?? ""
            guard first.hasPrefix("unix:"),
                let entry = first.dropFirst(5).split(separator: ",").first(where: { $0.hasPrefix("path=") })
            else { return nil }
            path = String(entry.dropFirst(5))
        }
        return FileAccess.exists(path)
    }
}
