/// The system resolver (``AddressInfo``, `getaddrinfo`), for the `dns` stage of a probe.
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
                    .dnsTimeout, "\(host): the system resolver did not answer within \(timeout.roundedSecondsText) s",
                    remedy: "check the nameservers in /etc/resolv.conf, or set CLAWPAIR_RESOLVE=\(host):\(port):ADDRESS")))
            }
        }
        timer?.cancel()
        return try result.get()
    }

    private static func lookUp(host: String, port: UInt16) -> Result<[SocketAddress], ClawPairError> {
        switch AddressInfo.streamAddresses(of: host, port: port) {
        case .failure(let failure):
            let text = failure.message
            switch failure.kind {
            case .noSuchHost:
                return .failure(ClawPairError(.dnsNXDomain, "\(host): no such host (\(text))",
                    remedy: "check the spelling, or set CLAWPAIR_RESOLVE=\(host):\(port):ADDRESS"))
            case .tryAgain:
                return .failure(ClawPairError(.dnsTimeout, "\(host): the resolver did not answer (\(text))"))
            case .other:
                return .failure(ClawPairError(.dnsFailure, "\(host): resolving failed (\(text))"))
            }
        case .success(let addresses):
            guard !addresses.isEmpty else {
                return .failure(ClawPairError(.dnsNXDomain, "\(host): the name has no IPv4 or IPv6 address"))
            }
            return .success(addresses)
        }
    }
}
