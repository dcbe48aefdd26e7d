/// Refuses a registry whose files are not plainly this user's (issue 16, item 9): the state
/// directory, `registry.sqlite3` and its `-wal`/`-shm` must not be symbolic links, and must
/// belong to the effective user. A link planted in a shared or world-writable home would
/// make clawpair read and write device tokens wherever it points; a file of another user's
/// is someone else's registry. Checked with `lstat` before SQLite opens anything, so a
/// refused registry is never created, followed or changed. `clawpair doctor` warns of the
/// same things; here they are `STATE_FILE_UNSAFE`, exit 7, with the remedy.
enum RegistryFileGuard {
    static func requireSafe(database path: String, userID: UInt32 = ProcessIdentity.effectiveUserID) throws(ClawPairError) {
        let directory = parent(of: path)
        try requireSafe(directory, what: "the state directory", userID: userID)
        for file in [path, path + "-wal", path + "-shm"] {
            try requireSafe(file, what: "the registry file", userID: userID)
        }
    }

    private static func requireSafe(_ path: String, what: String, userID: UInt32) throws(ClawPairError) {
        // Missing is fine: the directory is made by StateDirectory.ensure, the files by SQLite.
        guard let metadata = try? FileMetadata.read(path, followingLinks: false) else { return }
        let quoted = ShellQuoting.quote(path)
        if metadata.kind == .symbolicLink {
            throw ClawPairError(
                .stateFileUnsafe, "\(what) \(path) is a symbolic link; clawpair does not follow links for its registry",
                remedy: "remove the link (rm \(quoted)) or, for a directory kept elsewhere, pass the real path with --home or \(StateDirectory.environmentVariable)")
        }
        if metadata.ownerID != userID {
            throw ClawPairError(
                .stateFileUnsafe, "\(what) \(path) is owned by uid \(metadata.ownerID), not by this user (uid \(userID))",
                remedy: "\(userID == 0 ? "" : "sudo ")chown \(metadata.kind == .directory ? "-R " : "")\(userID) \(quoted) if it is yours, "
                    + "else choose your own directory with --home or \(StateDirectory.environmentVariable)")
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}
