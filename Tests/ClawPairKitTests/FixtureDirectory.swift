import Foundation
import Glibc

/// A temporary directory for fixture files (sysfs and procfs trees, config files, state
/// directories), removed with everything in it when the value goes away.
final class FixtureDirectory {
    let path: String

    init() {
        var template = Array("/tmp/clawpair-doctor-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        path = String(cString: made)
    }

    deinit {
        // A test may have made a directory unreadable; open it up so it can be removed.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative`.
    func callAsFunction(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative` with exactly `mode`, making parent directories (0700).
    @discardableResult
    func write(_ relative: String, _ text: String, mode: UInt32 = 0o644) -> String {
        let file = self(relative)
        makeDirectory(String(relative.split(separator: "/").dropLast().joined(separator: "/")))
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        chmod(file, mode_t(mode))
        return file
    }

    /// Makes `relative` (and parents) and sets its mode.
    @discardableResult
    func makeDirectory(_ relative: String, mode: UInt32 = 0o700) -> String {
        guard !relative.isEmpty else { return path }
        let directory = self(relative)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, mode_t(mode))
        return directory
    }

    /// The permission bits of `relative` ("" for the directory itself), or nil if absent.
    func mode(_ relative: String = "") -> UInt32? {
        var info = stat()
        guard stat(relative.isEmpty ? path : self(relative), &info) == 0 else { return nil }
        return UInt32(info.st_mode & 0o7777)
    }
}

@testable import ClawPairKit

extension FixtureDirectory {
    /// Inputs whose every path points into this directory (`etc/nsswitch.conf`,
    /// `etc/resolv.conf`, `proc/…`, `sys/class/net`, `run/…`), none of which exist until a
    /// test writes them; no executables; `HOME` inside the directory.
    func machineInputs(environment: [String: String]? = nil, executables: [String] = []) -> MachineCheckInputs {
        var paths = MachineCheckInputs.Paths()
        paths.nsswitchConf = self("etc/nsswitch.conf")
        paths.resolvConf = self("etc/resolv.conf")
        paths.ipv4Routes = self("proc/net/route")
        paths.ipv6Routes = self("proc/net/ipv6_route")
        paths.networkInterfaces = self("sys/class/net")
        paths.proc = self("proc")
        paths.dbusSystemBusSocket = self("run/dbus/system_bus_socket")
        paths.avahiDaemonSocket = self("run/avahi-daemon/socket")
        paths.systemdRuntimeDirectory = self("run/systemd/system")
        paths.systemExecutableDirectories = [self("sbin")]
        return MachineCheckInputs(
            paths: paths,
            environment: environment ?? ["HOME": self("home")],
            executables: ExecutableLookup(directories: executables),
            socketTimeout: .milliseconds(200),
            tailscaleTimeout: .seconds(20)
        )
    }
}
