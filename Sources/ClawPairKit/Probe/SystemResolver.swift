#if canImport(Glibc)
    internal import Glibc
#endif

/// The system resolver (`getaddrinfo`), for the `dns` stage of a probe.
enum SystemResolver {
    /// Resolves `host` to TCP addresses at `port`, in the resolver's order (RFC 6724
    /// sorting by glibc). `getaddrinfo` blocks, so it runs on its own thread and the calling
    /// task only waits. The call cannot be interrupted: with a `timeout`, the caller stops
    /// waiting then (`DNS_TIMEOUT`) and the thread's late answer is dropped; without one, it
    /// waits for glibc's own limit (resolv.conf `timeout` × `attempts`, 10 s by default).
    static func resolve(host: String, port: UInt16, timeout: Duration? = nil) async throws(ClawPairError) -> [SocketAddress] {
        let answer = FirstAnswer<Result<[SocketAddress], ClawPairError>>()
        var timer: Task<Void, Never>?
        let result = await answer.wait {
            do {
                try Syscalls.spawnDetachedThread { answer.give(lookUp(host: host, port: port)) }
            } catch {
                answer.give(.failure(ClawPairError(.dnsFailure, "resolving \(host): could not start a thread: \(error)")))
            }
            guard let timeout else { return }
            timer = Task {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                answer.give(.failure(ClawPairError(
                    .dnsTimeout, "\(host): the system resolver did not answer within \(timeout.secondsText) s",
                    remedy: "check the nameservers in /etc/resolv.conf, or set CLAWPAIR_RESOLVE=\(host):\(port):ADDRESS")))
            }
        }
        timer?.cancel()
        return try result.get()
    }

    /// glibc's `EAI_NODATA` (a GNU extension not imported without `_GNU_SOURCE`): the name
    /// exists but has no address of the asked family.
    private static let eaiNoData: Int32 = -5

    private static func lookUp(host: String, port: UInt16) -> Result<[SocketAddress], ClawPairError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        // No AI_ADDRCONFIG: on a host whose only addresses are loopback it hides even
        // `localhost`; an address of a family with no route fails fast as TCP_UNREACHABLE.
        var list: UnsafeMutablePointer<addrinfo>? = nil
        let status = getaddrinfo(host, nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0 else {
            let text = String(cString: gai_strerror(status))
            switch status {
            case EAI_NONAME, eaiNoData:
                return .failure(ClawPairError(.dnsNXDomain, "\(host): no such host (\(text))",
                    remedy: "check the spelling, or set CLAWPAIR_RESOLVE=\(host):\(port):ADDRESS"))
            case EAI_AGAIN:
                return .failure(ClawPairError(.dnsTimeout, "\(host): the resolver did not answer (\(text))"))
            default:
                return .failure(ClawPairError(.dnsFailure, "\(host): resolving failed (\(text))"))
            }
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
        guard !addresses.isEmpty else {
            return .failure(ClawPairError(.dnsNXDomain, "\(host): the name has no IPv4 or IPv6 address"))
        }
        return .success(addresses)
    }
}
