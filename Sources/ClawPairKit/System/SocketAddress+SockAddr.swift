#if canImport(Glibc)
    internal import Glibc
#endif

// SocketAddress as the kernel takes and gives it: `sockaddr_in` and `sockaddr_in6`.

extension SocketAddress {
    /// `AF_INET` or `AF_INET6`, for ``Syscalls/socket(family:type:)``.
    package var family: Int32 { ip.isIPv4 ? AF_INET : AF_INET6 }

    /// Calls `body` with this address as a `sockaddr_in` or `sockaddr_in6`.
    func withSockAddr<Result, Failure: Error>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch ip {
        case .v4(let bytes):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
            return try Self.rebound(&address, body)
        case .v6(let bytes):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_scope_id = scopeID
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            return try Self.rebound(&address, body)
        }
    }

    private static func rebound<Address, Result, Failure: Error>(
        _ address: inout Address, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let length = socklen_t(MemoryLayout<Address>.size)
        // withUnsafePointer cannot carry a typed throw; route the error through a Result.
        let result: Swift.Result<Result, Failure> = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                do throws(Failure) { return .success(try body(sockaddrPointer, length)) } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// The address a kernel call filled in; nil for families other than IPv4 and IPv6 or a
    /// length too short for the family.
    init?(storage: sockaddr_storage, length: socklen_t) {
        var storage = storage
        let family = Int32(storage.ss_family)
        switch family {
        case AF_INET where Int(length) >= MemoryLayout<sockaddr_in>.size:
            let address = withUnsafeBytes(of: &storage) { $0.loadUnaligned(as: sockaddr_in.self) }
            let bytes = withUnsafeBytes(of: address.sin_addr) { Array($0) }
            self.init(.v4(bytes), port: UInt16(bigEndian: address.sin_port))
        case AF_INET6 where Int(length) >= MemoryLayout<sockaddr_in6>.size:
            let address = withUnsafeBytes(of: &storage) { $0.loadUnaligned(as: sockaddr_in6.self) }
            let bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
            self.init(.v6(bytes), port: UInt16(bigEndian: address.sin6_port), scopeID: address.sin6_scope_id)
        default:
            return nil
        }
    }
}
