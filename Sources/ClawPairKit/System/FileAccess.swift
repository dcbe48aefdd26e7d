#if canImport(Glibc)
    internal import Glibc
#endif

/// What `access(2)` says this process may do with a path. It checks the real user, as a
/// shell's `test -x` does, and follows symbolic links.
package enum FileAccess {
    /// Whether something exists at `path` (`F_OK`).
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether `path` may be executed (`X_OK`).
    package static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Whether entries may be created in the directory `path` (`W_OK | X_OK`).
    package static func canCreateEntries(in path: String) -> Bool { access(path, W_OK | X_OK) == 0 }
}
