#if canImport(Glibc)
    internal import Glibc
#endif

/// An IP address assigned to a network interface of this network namespace (`getifaddrs`).
package struct InterfaceAddress: Sendable, Hashable {
    /// The interface's name, e.g. `eth0`.
    package let interfaceName: String
    package let ip: IPAddress
    /// `IFF_UP`: the interface is administratively up.
    package let isUp: Bool
    /// `IFF_LOOPBACK`.
    package let isLoopback: Bool

    /// Every IPv4 and IPv6 address, in `getifaddrs`' order;
    /// empty when the list cannot be read.
    package static func all() -> [InterfaceAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var result: [InterfaceAddress] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let ip: IPAddress
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                ip = .v4(withUnsafeBytes(of: raw) { Array($0) })
            case AF_INET6:
                let raw = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                ip = .v6(withUnsafeBytes(of: raw) { Array($0) })
            default:
                continue
            }
            let flags = entry.pointee.ifa_flags
            result.append(
                InterfaceAddress(
                    interfaceName: String(cString: entry.pointee.ifa_name), ip: ip,
                    isUp: flags & UInt32(IFF_UP) != 0, isLoopback: flags & UInt32(IFF_LOOPBACK) != 0))
        }
        return result
    }
}
