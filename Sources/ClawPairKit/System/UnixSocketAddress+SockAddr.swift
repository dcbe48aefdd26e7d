#if canImport(Glibc)
internal import Glibc
#endif

extension UnixSocketAddress {
    /// `AF_UNIX`, for ``Syscalls/socket(family:type:)``.
    package var family: Int32 { AF_UNIX }

    /// Calls `body` with this address as a `sockaddr_un` and its length; nil (and `body` not
    /// called) when the name does not fit in `sun_path`.
    func withSockAddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let nameBytes: [UInt8]
        switch self {
        case .path(let path): nameBytes = Array(path.utf8) + [0]
        case .abstract(let name): nameBytes = [0] + Array(name.utf8)
        }
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard nameBytes.count <= capacity, !(nameBytes.count == 1 && nameBytes[0] == 0) else { return nil }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { buffer in
            buffer.copyBytes(from: nameBytes)
        }
        // An abstract name's length is in the address length, not a terminating NUL.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + nameBytes.count)
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
