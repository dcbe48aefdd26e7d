/// Finds DNS-SD services on `local.` through avahi-daemon (libavahi-client, one D-Bus
/// connection per browse): browse the type, resolve each instance (SRV target, port, TXT), then look up the
/// target's A/AAAA records on the interface the instance was seen on.
///
/// Two ways to use it:
/// - `browse(timeout:)` returns what was resolved, as soon as that is settled (see
///   `quietPeriod`) and at the latest after the timeout;
/// - `events()` streams `.added`/`.updated`/`.removed` until the consumer stops.
///
/// Each call runs its own browse on its own thread (one `poll` loop for its connection and
/// every browser and resolver on it); cancelling the task, or dropping the stream, stops the
/// loop and frees them all. A missing avahi-daemon or D-Bus is a `ClawPairError` of category
/// `.environment` (`MDNS_UNAVAILABLE`) whose remedy says what to start.
public struct MDNSBrowser: Sendable {
    /// A one-shot browse's default duration (spec/cli.md `browse --timeout`; the gateway's
    /// own discovery also gives up after 2 s).
    public static let defaultTimeout: Duration = .seconds(2)

    /// How long a one-shot browse waits after the last change once every instance it saw is
    /// settled. mDNS responders delay answers to shared questions such as a browse by a
    /// random 20–120 ms (RFC 6762 §6; Avahi: 20 ms plus up to 100 ms of jitter), so answers
    /// from several gateways to one query arrive spread over about 100 ms; 250 ms of silence
    /// is more than twice that spread, while a miss only costs the caller a later browse.
    public static let quietPeriod: Duration = .milliseconds(250)

    /// A one-shot browse never ends earlier than this after it started, even if a cached
    /// instance settled at once: Avahi defers its first query by up to 100 ms
    /// (AVAHI_QUERY_DEFER_MSEC) and responders answer 20–120 ms later, so gateways that are
    /// not in avahi-daemon's cache answer within about 220 ms plus transit. 350 ms leaves a
    /// margin of 130 ms and is still well under `avahi-browse -rt`'s usual second.
    public static let firstAnswerWindow: Duration = .milliseconds(350)

    /// How long a one-shot browse waits for a resolved instance's first address before it
    /// counts the instance as settled without one. Avahi's resolver has already looked up
    /// one address of the host when it answers, so the A/AAAA queries are answered from its
    /// cache once the daemon starts them (~10 ms); a record that must go to the network
    /// takes the 100 ms query deferral plus the responder's delay. 300 ms covers that; after
    /// it, the host has no address of the wanted family on this interface (e.g. `--ipv6`
    /// and an IPv4-only host).
    public static let addressGrace: Duration = .milliseconds(300)

    /// How long to wait before resolving an instance again after a resolve failed (Avahi's
    /// resolver gives up after about 5 s without an answer). Long enough not to flood a
    /// network where a host has gone quiet; short enough that a watch recovers quickly.
    public static let resolveRetryDelay: Duration = .seconds(5)

    /// How long after an instance's first resolve a watch resolves it again, to follow its
    /// TXT, port and host changes. The first resolve is stopped once it answers, so a burst of
    /// gateways does not leave a resolver per gateway running in avahi-daemon while the rest
    /// still arrive (avahi-daemon also limits a client's objects: `objects-per-client-max`,
    /// 1024 by default). Two seconds lets a burst settle first; a change in between is
    /// reported when the watching resolve starts.
    public static let resolveMonitorDelay: Duration = .seconds(2)

    /// What to browse for, and where.
    public var options: MDNSBrowseOptions

    /// Test seam: runs first on the loop's thread, before any Avahi call. Integration tests
    /// use it to move that one thread into a network namespace's net and mount namespaces.
    var loopThreadPrologue: (@Sendable () throws(ClawPairError) -> Void)?

    public init(options: MDNSBrowseOptions = MDNSBrowseOptions()) {
        self.options = options
    }

    /// Browses once and returns the resolved instances, sorted by name and interface.
    ///
    /// Returns at `timeout` with what is resolved by then, or earlier once every instance
    /// seen has an address (or failed to resolve), the first answers have had time to
    /// arrive (`firstAnswerWindow`) and nothing changed for `quietPeriod`. Resolved instances
    /// still without an address at the end are included with `ipAddresses` empty.
    ///
    /// - Throws: `ClawPairError` (`.environment` when avahi-daemon or D-Bus is not
    ///   running), or `CancellationError` when the task is cancelled.
    public func browse(timeout: Duration = Self.defaultTimeout) async throws -> [MDNSService] {
        let wake = try MDNSWakeSignal()
        let deadline = ContinuousClock.now + timeout
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                startLoop(mode: .oneShot(deadline: deadline), wake: wake) { continuation.resume(with: $0) }
            }
        } onCancel: {
            wake.signal()
        }
        switch outcome {
        case .services(let services): return services
        case .stopped: throw CancellationError()
        }
    }

    /// Watches the service type: `.added` when an instance is resolved, `.updated` when its
    /// addresses arrive and whenever it changes, `.removed` when it goes. Runs until the
    /// consumer stops iterating or its task is cancelled; ends with a `ClawPairError` if the
    /// browse fails, at once or later (avahi-daemon stopped or restarted: watch again).
    public func events() -> AsyncThrowingStream<MDNSEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: MDNSEvent.self)
        let wake: MDNSWakeSignal
        do {
            wake = try MDNSWakeSignal()
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        continuation.onTermination = { _ in wake.signal() }
        startLoop(mode: .watch(emit: { continuation.yield($0) }), wake: wake) { result in
            switch result {
            case .success: continuation.finish()
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        return stream
    }

    private func startLoop(
        mode: MDNSEventLoop.Mode, wake: MDNSWakeSignal,
        completion: @escaping @Sendable (Result<MDNSEventLoop.Outcome, ClawPairError>) -> Void
    ) {
        let options = options
        let prologue = loopThreadPrologue
        do {
            try MDNSLoopThread.start {
                let result = Result { () throws(ClawPairError) -> MDNSEventLoop.Outcome in
                    try prologue?()
                    // The loop lives and dies on this thread; its refs are freed before `run`
                    // returns, so the caller never sees a result while a ref is still open.
                    return try MDNSEventLoop(options: options, mode: mode, wake: wake).run()
                }
                completion(result)
            }
        } catch {
            completion(.failure(error))
        }
    }
}
