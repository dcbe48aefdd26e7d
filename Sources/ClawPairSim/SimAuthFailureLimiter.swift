import ClawPairKit
import Synchronization

/// The gateway's brake on guessing credentials: after ``limit`` failed authentications from
/// one client address within ``windowMs``, that address is refused with `AUTH_RATE_LIMITED`
/// for ``lockoutMs`` (OpenClaw's defaults: 10 in 60 s, then 5 minutes). A success clears
/// the address's count.
///
/// Unlike the gateway, loopback is not exempt: the sim's clients are mostly on loopback,
/// and tests must be able to reach the limit.
public final class SimAuthFailureLimiter: Sendable {
    /// 10 failures: the gateway's `maxAttempts` default.
    public static let defaultLimit = 10
    /// 60 s: the gateway's sliding window.
    static let defaultWindowMs: Int64 = 60_000
    /// 5 minutes: the gateway's lockout.
    static let defaultLockoutMs: Int64 = 300_000
    /// Addresses tracked at most; the oldest unlocked ones go first (a flood of addresses
    /// must not grow the table without bound).
    static let maximumEntries = 10_000

    private struct Entry {
        /// Times of the failures still inside the window, oldest first.
        var failures: [Int64] = []
        var lockedUntilMs: Int64?
    }

    /// 0 turns the limiter off.
    let limit: Int
    let windowMs: Int64
    let lockoutMs: Int64
    private let entries = Mutex<[String: Entry]>([:])

    init(limit: Int = defaultLimit, windowMs: Int64 = defaultWindowMs, lockoutMs: Int64 = defaultLockoutMs) {
        self.limit = limit
        self.windowMs = windowMs
        self.lockoutMs = lockoutMs
    }

    /// How long `address` must still wait, or nil when it may try.
    func retryAfterMs(_ address: String, now: Int64) -> Int64? {
        guard limit > 0 else { return nil }
        return entries.withLock { entries in
            guard let until = entries[address]?.lockedUntilMs else { return nil }
            if now < until { return until - now }
            entries[address] = nil
            return nil
        }
    }

    /// Counts one failed authentication; the `limit`-th inside the window starts the lockout.
    func recordFailure(_ address: String, now: Int64) {
        guard limit > 0 else { return }
        entries.withLock { entries in
            var entry = entries[address] ?? Entry()
            if let until = entry.lockedUntilMs, now < until { return }
            entry.lockedUntilMs = nil
            entry.failures.removeAll { $0 <= now - windowMs }
            entry.failures.append(now)
            if entry.failures.count >= limit { entry.lockedUntilMs = now + lockoutMs }
            entries[address] = entry
            if entries.count > Self.maximumEntries, let evict = entries.first(where: { $0.value.lockedUntilMs == nil })?.key {
                entries[evict] = nil
            }
        }
    }

    /// Forgets the address's failures (after a successful authentication).
    func reset(_ address: String) {
        guard limit > 0 else { return }
        _ = entries.withLock { $0.removeValue(forKey: address) }
    }
}
