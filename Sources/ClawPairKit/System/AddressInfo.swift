#if canImport(Glibc)
    internal import Glibc
#endif

/// The system resolver's `getaddrinfo`, for TCP: a host name or literal to its addresses.
/// Owns the result list for the length of one call. Blocks for as long as the resolver
/// takes, so ``SystemResolver`` calls it on a thread of its own.
enum AddressInfo {
    /// Why a name gave no addresses.
    struct Failure: Error, Sendable {
        enum Kind: Sendable {
            /// `EAI_NONAME` or `EAI_NODATA`: no such name, or no address of the asked family.
            case noSuchHost
            /// `EAI_AGAIN`: the resolver did not answer.
            case tryAgain
            case other
        }

        let kind: Kind
        /// `gai_strerror`'s text, e.g. `Name or service not known`.
        let message: String
    }

    /// glibc's `EAI_NODATA` (a GNU extension not imported without `_GNU_SOURCE`): the name
    /// exists but has no address of the asked family.
    private static let eaiNoData: Int32 = -5

    /// The IPv4 and IPv6 addresses of `host` at `port`, in the resolver's order (RFC 6724
    /// sorting by glibc), without repeats; empty when none of them is IPv4 or IPv6.
    static func streamAddresses(of host: String, port: UInt16) -> Result<[SocketAddress], Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        // No AI_ADDRCONFIG: on a host whose only addresses are loopback it hides even
        // `localhost`; an address of a family with no route fails fast as TCP_UNREACHABLE.
        var list: UnsafeMutablePointer<addrinfo>? = nil
        let status = getaddrinfo(host, nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0 else {
            let kind: Failure.Kind
            switch status {
            case EAI_NONAME, eaiNoData: kind = .noSuchHost
            case EAI_AGAIN: kind = .tryAgain
            default: kind = .other
            }
            return .failure(Failure(kind: kind, message: String(cString: gai_strerror(status))))
        }
        var addresses: [SocketAddress] = []
        var node = list
        while let current = node {
            if let raw = current.pointee.ai_addr {
                var storage = sockaddr_storage()
                let length = min(Int(current.pointee.ai_addrlen), MemoryLayout<sockaddr_storage>.size)
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: length)) }
                if var address = SocketAddress(storage: storage, length: socklen_t(length)) {
                    address.port = port
                    if !addresses.contains(address) { addresses.append(address) }
                }
            }
            node = current.pointee.ai_next
        }
        return .success(addresses)
    }
}
