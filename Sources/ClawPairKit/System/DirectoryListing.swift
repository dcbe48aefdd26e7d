#if canImport(Glibc)
internal import Glibc
#endif

/// The names in a directory (without `.` and `..`), for the sysfs, procfs and state
/// directory walks.
enum DirectoryListing {
    /// The entry names, unsorted. Throws the errno as ``ClawPairError/Code/ioError``.
    static func names(at path: String) throws(ClawPairError) -> [String] {
        guard let directory = opendir(path) else {
            let code = errno
            throw ClawPairError(.ioError, "cannot list \(path): \(String(cString: strerror(code)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
