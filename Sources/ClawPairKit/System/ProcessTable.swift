#if canImport(Glibc)
internal import Glibc
#endif

/// Finds running processes by name in `/proc/<pid>/comm` (the kernel's 15-byte task name).
enum ProcessTable {
    /// The ids of processes whose name is `name` or starts with `name:` (avahi-daemon's
    /// helper calls itself `avahi-daemon: chroot helper`), sorted.
    ///
    /// Only processes in this process's network namespace count: an avahi-daemon in another
    /// namespace (a container, a test host) does not serve this machine's interfaces. When
    /// the namespace can't be read (another user's process, or a fixture tree) the process is
    /// counted. Processes that exit mid-scan are skipped; an unreadable `procPath` gives none.
    static func processIDs(named name: String, procPath: String) -> [Int32] {
        guard let entries = try? DirectoryListing.names(at: procPath) else { return [] }
        let ownNamespace = linkTarget(procPath + "/self/ns/net")
        var matches: [Int32] = []
        for entry in entries {
            guard let pid = Int32(entry), pid > 0,
                let bytes = try? FileIO.readAll(path: procPath + "/" + entry + "/comm")
            else { continue }
            let comm = String(decoding: bytes, as: UTF8.self).trimmingTrailingNewlines()
            guard comm == name || comm.hasPrefix(name + ":") else { continue }
            // A process whose namespace can't be read (exiting, or not ours to see) doesn't count.
            if let ownNamespace, linkTarget(procPath + "/" + entry + "/ns/net") != ownNamespace { continue }
            matches.append(pid)
        }
        return matches.sorted()
    }

    /// `readlink`, e.g. `net:[4026531833]` for a namespace link; nil when it fails.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// The text without trailing `\n` / `\r`, as sysfs and procfs files end.
    func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while let last = result.last, last == "\n" || last == "\r" || last == "\r\n" { result = result.dropLast() }
        return String(result)
    }
}
