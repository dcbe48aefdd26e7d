/// How long a session waits before its next connect (spec/registry.md "Backoff"): the real
/// clients' schedules, jitter-free, plus clawpair's jitter so that many gateways restarting
/// at once do not bring every session back in lockstep. Pure: the randomness is passed in.
public enum ReconnectBackoff {
    /// Whose schedule a session follows.
    public enum Schedule: String, Sendable, Hashable {
        /// The focused gateway's node and operator sessions: the iOS node and operator loops,
        /// `min(8, 0.5 × 1.7^n)` s.
        case focused
        /// Every other bolted gateway's operator session: the app's fleet,
        /// `min(2^min(n, 5), 30)` s.
        case fleet
    }

    /// 250 ms before the one retry with the stored device token (the Swift channel's pause
    /// while that retry is pending).
    public static let deviceTokenRetryDelay: Duration = .milliseconds(250)
    /// 100 ms: the least a jittered delay is, so a session never reconnects in a tight loop.
    public static let jitterFloor: Duration = .milliseconds(100)

    /// The jitter-free delay before attempt `attempt` (0 for the first retry after a loss),
    /// as the app computes it.
    public static func base(_ schedule: Schedule, attempt: Int) -> Duration {
        let n = max(0, attempt)
        switch schedule {
        case .focused:
            var seconds = 0.5
            for _ in 0..<min(n, 16) { seconds *= 1.7 }
            // To the nearest millisecond: 0.5 × 1.7² is 1.445 s, not 1.4449999….
            return .milliseconds(Int64((min(8, seconds) * 1000).rounded()))
        case .fleet:
            return .seconds(min(1 << min(n, 5), 30))
        }
    }

    /// The least window a schedule's jitter spreads retries over. The fleet may hold hundreds
    /// of sessions that lose their gateways at once: their first retries spread over at least
    /// 2 s (twenty 100 ms windows) instead of the formula's 1 s. The focused gateway's two
    /// sessions keep their quick first retry.
    public static func minimumWindow(_ schedule: Schedule) -> Duration {
        switch schedule {
        case .focused: .zero
        case .fleet: .seconds(2)
        }
    }

    /// The largest delay a schedule reaches.
    public static func cap(_ schedule: Schedule) -> Duration {
        switch schedule {
        case .focused: .seconds(8)
        case .fleet: .seconds(30)
        }
    }

    /// The delay to wait: full jitter above ``jitterFloor``, uniform in [floor,
    /// max(``base(_:attempt:)``, ``minimumWindow(_:)``)], so retries of many sessions spread
    /// over the whole interval instead of arriving together.
    public static func delay<R: RandomNumberGenerator>(_ schedule: Schedule, attempt: Int, using random: inout R) -> Duration {
        jittered(max(base(schedule, attempt: attempt), minimumWindow(schedule)), using: &random)
    }

    /// `limit` with the same jitter (for a gateway's `retryAfterMs`, jitter goes on top: it
    /// asked for at least that long).
    public static func jittered<R: RandomNumberGenerator>(_ limit: Duration, using random: inout R) -> Duration {
        let floorMs = jitterFloor.wholeMilliseconds
        let limitMs = max(limit.wholeMilliseconds, floorMs)
        return .milliseconds(Int64.random(in: floorMs...limitMs, using: &random))
    }
}
