/// Finds a program the way a shell does: the first executable regular file of that name in
/// the search directories.
public struct ExecutableLookup: Sendable, Hashable {
    /// Searched in order. Empty entries (the current directory, in a shell) are dropped on
    /// purpose: a check must not run a program from wherever clawpair was started.
    public let directories: [String]

    /// Used when `PATH` is unset, like glibc's `execvp`.
    public static let defaultSearchPath = "/bin:/usr/bin"

    /// Searches `directories` in order (empty entries dropped).
    public init(directories: [String]) {
        self.directories = directories.filter { !$0.isEmpty }
    }

    /// Splits a `PATH` value; nil means `defaultSearchPath`.
    public init(searchPath: String?) {
        self.init(directories: (searchPath ?? Self.defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false).map(String.init))
    }

    /// The full path of `name`, or nil.
    public func find(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for directory in directories {
            let candidate = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if let metadata = try? FileMetadata.read(candidate, followingLinks: true), metadata.kind == .regularFile,
                FileAccess.isExecutable(candidate)
            {
                return candidate
            }
        }
        return nil
    }

    /// This lookup with `extra` directories searched after its own (e.g. `/usr/sbin` for
    /// daemons a non-root `PATH` lacks).
    public func adding(_ extra: [String]) -> ExecutableLookup {
        ExecutableLookup(directories: directories + extra.filter { !directories.contains($0) })
    }
}
