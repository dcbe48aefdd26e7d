#if canImport(Glibc)
internal import Glibc
#endif

/// Where clawpair keeps its state (registry, device identity, sessions), resolved as
/// spec/cli.md says: `--home DIR`, else `$CLAWPAIR_HOME`, else
/// `${XDG_DATA_HOME:-$HOME/.local/share}/clawpair`. The directory is created 0700 and every
/// file in it is written 0600.
public struct StateDirectory: Sendable, Hashable {
    /// Which rule chose the path.
    public enum Source: String, Sendable, Hashable {
        /// `--home DIR`.
        case option
        /// `$CLAWPAIR_HOME`.
        case environment
        /// `$XDG_DATA_HOME/clawpair`.
        case xdgDataHome
        /// `$HOME/.local/share/clawpair`.
        case home
    }

    /// The variable that names the state directory.
    public static let environmentVariable = "CLAWPAIR_HOME"
    /// Owner-only: the directory holds device keys and tokens.
    public static let directoryMode: UInt32 = 0o700
    /// Owner read/write only, for every file in the directory.
    public static let fileMode: UInt32 = 0o600

    /// The directory's path, without a trailing slash.
    public let path: String
    /// Which rule chose `path`.
    public let source: Source

    /// A directory already resolved (tests, or a caller with its own rules).
    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// Applies the rules to `home` (the `--home` value, if given) and `environment`.
    ///
    /// Empty variables count as unset (shell `:-` semantics), and a relative `XDG_DATA_HOME`
    /// is ignored, as the XDG Base Directory specification requires. Throws
    /// ``ClawPairError/Code/usage`` for an empty `--home` and
    /// ``ClawPairError/Code/stateDirectoryUnavailable`` when nothing names a directory (no
    /// `HOME`).
    public static func resolve(home: String?, environment: [String: String]) throws(ClawPairError) -> StateDirectory {
        if let home {
            guard !home.isEmpty else {
                throw ClawPairError(.usage, "--home needs a directory", remedy: "pass --home DIR with a non-empty path")
            }
            return StateDirectory(path: trimmed(home), source: .option)
        }
        if let value = environment[environmentVariable], !value.isEmpty {
            return StateDirectory(path: trimmed(value), source: .environment)
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return StateDirectory(path: join(trimmed(data), "clawpair"), source: .xdgDataHome)
        }
        if let userHome = environment["HOME"], !userHome.isEmpty {
            return StateDirectory(path: join(trimmed(userHome), ".local/share/clawpair"), source: .home)
        }
        throw ClawPairError(
            .stateDirectoryUnavailable, "no state directory: HOME is not set",
            remedy: "set HOME or \(environmentVariable), or pass --home DIR"
        )
    }

    /// The path of `name` inside the directory.
    public func appending(_ name: String) -> String { Self.join(path, name) }

    /// Creates the directory, and any missing parents, each with mode 0700 whatever the umask
    /// (parents too, as the XDG specification asks). An existing directory is left as it is;
    /// `clawpair doctor` reports loose permissions. Throws
    /// ``ClawPairError/Code/stateDirectoryUnavailable`` when a component is not a directory
    /// or cannot be created.
    public func ensure() throws(ClawPairError) {
        var missing: [String] = []
        var current = path
        while true {
            var info = stat()
            if stat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw ClawPairError(
                        .stateDirectoryUnavailable, "\(current) is not a directory",
                        remedy: "move it away or choose another directory with --home or \(Self.environmentVariable)"
                    )
                }
                break
            }
            guard errno == ENOENT else { throw Self.error(errno, "cannot use \(current)") }
            missing.append(current)
            let parent = Self.parent(of: current)
            guard parent != current else { break }
            current = parent
        }
        for directory in missing.reversed() {
            if mkdir(directory, mode_t(Self.directoryMode)) != 0 {
                // Another process may have made it meanwhile; that is fine.
                guard errno == EEXIST else { throw Self.error(errno, "cannot create \(directory)") }
                continue
            }
            // mkdir's mode is filtered through the umask; say exactly what we want.
            guard chmod(directory, mode_t(Self.directoryMode)) == 0 else {
                throw Self.error(errno, "cannot set the mode of \(directory)")
            }
        }
    }

    // MARK: Path helpers

    private static func trimmed(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    private static func error(_ code: Int32, _ what: String) -> ClawPairError {
        let reason = String(cString: strerror(code))
        return ClawPairError(
            .stateDirectoryUnavailable, "\(what): \(reason)",
            remedy: "choose a writable directory with --home or \(environmentVariable)"
        )
    }
}
