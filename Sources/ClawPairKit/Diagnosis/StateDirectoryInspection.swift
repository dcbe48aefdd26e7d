/// What is on disk at the state directory: gathered read-only (nothing is created or
/// changed), then judged by ``StateDirectoryCheck``.
struct StateDirectoryInspection: Sendable, Hashable {
    /// Stop walking after this many entries: a state directory holds a database and a few
    /// key files, so thousands mean something else lives there, and the check must stay fast.
    static let maximumEntries = 10_000
    /// Stop descending below this depth, for the same reason.
    static let maximumDepth = 8

    /// Something inside the directory.
    struct Entry: Sendable, Hashable {
        let path: String
        let metadata: FileMetadata
    }

    enum State: Sendable, Hashable {
        /// The directory does not exist. `ancestor` is the nearest existing parent;
        /// `creatable` says whether this user could create the directory under it.
        case missing(ancestor: String, creatable: Bool)
        /// Something that is not a directory is there.
        case notADirectory
        /// `stat` failed for another reason (permissions on a parent, …).
        case inaccessible(reason: String)
        /// The directory exists.
        case present(FileMetadata, entries: [Entry], truncated: Bool, unreadable: [String])
    }

    let directory: StateDirectory
    let state: State

    /// Looks at `directory` on disk.
    static func inspect(_ directory: StateDirectory) -> StateDirectoryInspection {
        let metadata: FileMetadata
        do throws(SystemError) {
            metadata = try FileMetadata.read(directory.path, followingLinks: true)
        } catch {
            // ENOTDIR: a file stands where a parent directory should be; the walk up finds it.
            guard error.errno == Errno.noSuchFileOrDirectory || error.errno == Errno.notDirectory else {
                return StateDirectoryInspection(directory: directory, state: .inaccessible(reason: error.message))
            }
            return StateDirectoryInspection(directory: directory, state: missingState(directory.path))
        }
        guard metadata.kind == .directory else {
            return StateDirectoryInspection(directory: directory, state: .notADirectory)
        }
        var entries: [Entry] = []
        var unreadable: [String] = []
        var truncated = false
        var pending: [(path: String, depth: Int)] = [(directory.path, 0)]
        walk: while let (current, depth) = pending.popLast() {
            guard let names = try? DirectoryListing.names(at: current) else {
                unreadable.append(current)
                continue
            }
            for name in names.sorted() {
                guard entries.count < maximumEntries else {
                    truncated = true
                    break walk
                }
                let path = current + "/" + name
                // lstat: a link is reported as a link and never followed out of the directory.
                guard let entryMetadata = try? FileMetadata.read(path, followingLinks: false) else { continue }
                entries.append(Entry(path: path, metadata: entryMetadata))
                if entryMetadata.kind == .directory {
                    if depth + 1 < maximumDepth { pending.append((path, depth + 1)) } else { truncated = true }
                }
            }
        }
        return StateDirectoryInspection(
            directory: directory,
            state: .present(metadata, entries: entries, truncated: truncated, unreadable: unreadable)
        )
    }

    /// The nearest existing ancestor, and whether a directory can be made under it.
    private static func missingState(_ path: String) -> State {
        var current = path
        while true {
            let parent: String
            if let slash = current.lastIndex(of: "/") {
                parent = slash == current.startIndex ? "/" : String(current[..<slash])
            } else {
                parent = "."
            }
            if let metadata = try? FileMetadata.read(parent, followingLinks: true) {
                let creatable = metadata.kind == .directory && FileAccess.canCreateEntries(in: parent)
                return .missing(ancestor: parent, creatable: creatable)
            }
            guard parent != current else { return .missing(ancestor: parent, creatable: false) }
            current = parent
        }
    }
}
