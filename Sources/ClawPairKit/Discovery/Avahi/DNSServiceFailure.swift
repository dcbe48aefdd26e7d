/// A `DNSServiceErrorType` from one dns_sd operation, and the `ClawPairError` it means.
struct DNSServiceFailure: Hashable, Sendable, Error {
    /// The `DNSServiceErrorType` as the API returned it (kept in every message).
    var code: Int32
    /// The operation that failed.
    var operation: MDNSOperationKey

    // dns_sd.h values (the same in Avahi's compat header and Apple's mDNSResponder).
    static let unknown: Int32 = -65537
    static let badParam: Int32 = -65540
    static let unsupported: Int32 = -65544
    static let badInterfaceIndex: Int32 = -65552
    static let refused: Int32 = -65553
    /// Not in Avahi's header; mDNSResponder's client library returns it when its daemon is
    /// down. Avahi reports a missing daemon or D-Bus as `unknown`.
    static let serviceNotRunning: Int32 = -65563

    private static let names: [Int32: String] = [
        -65537: "Unknown", -65538: "NoSuchName", -65539: "NoMemory", -65540: "BadParam",
        -65541: "BadReference", -65542: "BadState", -65543: "BadFlags", -65544: "Unsupported",
        -65545: "NotInitialized", -65547: "AlreadyRegistered", -65548: "NameConflict",
        -65549: "Invalid", -65550: "Firewall", -65551: "Incompatible", -65552: "BadInterfaceIndex",
        -65553: "Refused", -65554: "NoSuchRecord", -65555: "NoAuth", -65556: "NoSuchKey",
        -65557: "NATTraversal", -65558: "DoubleNAT", -65559: "BadTime", -65563: "ServiceNotRunning",
    ]

    /// `DNSServiceErrorType -65537 (kDNSServiceErr_Unknown)`.
    var codeDescription: String {
        "DNSServiceErrorType \(code)" + (Self.names[code].map { " (kDNSServiceErr_\($0))" } ?? "")
    }

    private var operationDescription: String {
        switch operation {
        case .browse: "browsing"
        case .resolve(let key): "resolving '\(key.name)'"
        case .address(let query): "looking up the addresses of \(query.host)"
        }
    }

    /// The error to report. `systemBus` says whether the D-Bus system bus socket exists
    /// (nil: unknown); Avahi cannot tell a stopped daemon from a missing bus, so the remedy
    /// names the part that is actually missing when it can, in the words of the machine's
    /// service manager (`systemctl` under systemd, `service` elsewhere), as doctor does.
    func error(systemBus: Bool?, serviceManager: ServiceManager = .detect()) -> ClawPairError {
        switch code {
        case Self.unknown, Self.serviceNotRunning:
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
        case Self.refused:
            return ClawPairError(
                .mdnsRefused,
                "avahi-daemon refused \(operationDescription) (\(codeDescription))",
                remedy: "too many clients, or D-Bus policy denies access to org.freedesktop.Avahi; see the avahi-daemon log")
        case Self.badInterfaceIndex:
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
