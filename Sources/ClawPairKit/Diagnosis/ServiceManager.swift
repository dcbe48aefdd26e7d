/// How this machine starts system services, so a remedy can name the exact command.
public enum ServiceManager: String, Sendable, Hashable {
    /// systemd is PID 1 (`/run/systemd/system` exists, as `sd_booted()` checks).
    case systemd
    /// Anything else (containers, sysvinit): Debian's `service` wrapper.
    case other

    /// The directory whose presence means systemd is running.
    public static let systemdRuntimeDirectory = "/run/systemd/system"

    /// Looks for `runtimeDirectory`.
    public static func detect(runtimeDirectory: String = systemdRuntimeDirectory) -> ServiceManager {
        (try? FileMetadata.read(runtimeDirectory, followingLinks: true))?.kind == .directory ? .systemd : .other
    }

    /// `systemctl start NAME` or `service NAME start`.
    public func startCommand(_ service: String) -> String {
        switch self {
        case .systemd: "systemctl start \(ShellQuoting.quote(service))"
        case .other: "service \(ShellQuoting.quote(service)) start"
        }
    }

    /// `systemctl restart NAME` or `service NAME restart`.
    public func restartCommand(_ service: String) -> String {
        switch self {
        case .systemd: "systemctl restart \(ShellQuoting.quote(service))"
        case .other: "service \(ShellQuoting.quote(service)) restart"
        }
    }
}
