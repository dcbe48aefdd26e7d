#if canImport(Glibc)
internal import Glibc
#endif

/// The few `stat` fields the state-directory check looks at.
struct FileMetadata: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case directory, regularFile, symbolicLink, other
    }

    let kind: Kind
    /// The permission bits (`st_mode & 0o7777`).
    let permissions: UInt32
    let ownerID: UInt32

    /// `lstat` (the link itself) or `stat` (what it points to).
    static func read(_ path: String, followingLinks: Bool) throws(SystemError) -> FileMetadata {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { throw SystemError.current(call: followingLinks ? "stat" : "lstat") }
        let kind: Kind =
            switch info.st_mode & S_IFMT {
            case S_IFDIR: .directory
            case S_IFREG: .regularFile
            case S_IFLNK: .symbolicLink
            default: .other
            }
        return FileMetadata(kind: kind, permissions: UInt32(info.st_mode & 0o7777), ownerID: UInt32(info.st_uid))
    }
}
