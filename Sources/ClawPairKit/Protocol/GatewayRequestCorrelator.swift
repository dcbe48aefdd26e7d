import Synchronization

/// Matches responses to requests by id, with a timeout per request (spec/registry.md,
/// "Live sessions": requests 15 s).
///
/// ``register()`` reserves a fresh id before the request is sent, so a response that comes
/// back before the sender starts waiting is kept, not lost. Ids are unique per correlator:
/// a random prefix per connection and a counter.
public final class GatewayRequestCorrelator: Sendable {
    /// 15 s: the iOS app's and gateway client's request timeout; a gateway that has not
    /// answered by then is stuck or the link is dead (the tick watchdog decides which).
    public static let defaultTimeout: Duration = .seconds(15)

    private enum Slot {
        case waiting(CheckedContinuation<GatewayResponse, any Error>?)
        case answered(GatewayResponse)
    }

    private struct State {
        var nextNumber: UInt64 = 1
        var slots: [String: Slot] = [:]
        /// Set once the connection ended: new and pending requests fail with it.
        var finished: (any Error)?
    }

    private let prefix: String
    private let state = Mutex(State())
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A correlator whose timeouts run on `clock`.
    public init<C: Clock>(clock: C = ContinuousClock(), idPrefix: String? = nil) where C.Duration == Duration {
        prefix = idPrefix ?? Self.randomPrefix()
        sleep = { try await clock.sleep(for: $0) }
    }

    /// 8 random hex digits: ids stay unique across reconnects in the gateway's logs.
    static func randomPrefix() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt32
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Reserves a fresh request id. Throws the end-of-connection error once finished.
    public func register() throws -> String {
        try state.withLock { state throws -> String in
            if let finished = state.finished { throw finished }
            let id = "\(prefix)-\(state.nextNumber)"
            state.nextNumber += 1
            state.slots[id] = .waiting(nil)
            return id
        }
    }

    /// Forgets a reserved id (its request could not be sent).
    public func cancel(_ id: String) {
        let slot = state.withLock { $0.slots.removeValue(forKey: id) }
        if case .waiting(let continuation?)? = slot { continuation.resume(throwing: CancellationError()) }
    }

    /// Delivers a response; false when no request is waiting for its id (a late answer
    /// after a timeout, or a gateway bug), which callers may log and drop.
    @discardableResult
    public func resolve(_ response: GatewayResponse) -> Bool {
        let continuation: CheckedContinuation<GatewayResponse, any Error>?? = state.withLock { state in
            switch state.slots[response.id] {
            case .waiting(let continuation)?:
                if let continuation {
                    state.slots[response.id] = nil
                    return .some(continuation)
                }
                state.slots[response.id] = .answered(response)
                return .some(nil)
            case .answered?, nil:
                return nil
            }
        }
        guard let continuation else { return false }
        continuation?.resume(returning: response)
        return true
    }

    /// Fails every pending and future request with `error` (the connection ended).
    public func finish(throwing error: any Error) {
        let waiting = state.withLock { state -> [CheckedContinuation<GatewayResponse, any Error>] in
            if state.finished == nil { state.finished = error }
            let continuations = state.slots.values.compactMap { slot -> CheckedContinuation<GatewayResponse, any Error>? in
                if case .waiting(let continuation?) = slot { return continuation }
                return nil
            }
            state.slots.removeAll()
            return continuations
        }
        for continuation in waiting { continuation.resume(throwing: error) }
    }

    /// The response to the request registered as `id`, waiting at most `timeout`.
    /// Throws ``ClawPairError/Code/gatewayRequestTimeout`` on timeout, the finishing error
    /// when the connection ends first, `CancellationError` when the task is cancelled.
    public func response(for id: String, timeout: Duration = defaultTimeout) async throws -> GatewayResponse {
        try await withThrowingTaskGroup(of: GatewayResponse.self) { group in
            group.addTask { try await self.wait(for: id) }
            group.addTask {
                try await self.sleep(timeout)
                throw ClawPairError(.gatewayRequestTimeout, "no response to request \(id) within \(timeout)")
            }
            defer { group.cancelAll() }
            do {
                guard let response = try await group.next() else { throw CancellationError() }
                return response
            } catch {
                cancel(id)
                throw error
            }
        }
    }

    /// Suspends until the slot for `id` is answered, failed or cancelled.
    private func wait(for id: String) async throws -> GatewayResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<GatewayResponse, any Error>) in
                let immediate: Result<GatewayResponse, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    switch state.slots[id] {
                    case .answered(let response)?:
                        state.slots[id] = nil
                        return .success(response)
                    case .waiting?:
                        state.slots[id] = .waiting(continuation)
                        return nil
                    case nil:
                        return .failure(state.finished ?? CancellationError())
                    }
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// How many requests are registered and not yet answered (for tests and status).
    public var pendingCount: Int { state.withLock { $0.slots.count } }
}
