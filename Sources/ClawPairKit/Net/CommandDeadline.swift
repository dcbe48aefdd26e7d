/// The instant by which a whole command's network work is done (`probe --timeout`,
/// `pair --wait`). Every step keeps its own bound (a connect attempt's 2 s, the challenge's
/// 6 s, the connect's 30 s) but ends at the deadline when that comes first, so a peer that
/// accepts and then stays silent cannot stretch a command past what the user asked for.
/// Only closing what is open follows, itself bounded (``closeGrace``).
public struct CommandDeadline: Sendable, Hashable {
    public let instant: ContinuousClock.Instant

    /// The deadline `budget` from now.
    public init(after budget: Duration) {
        instant = .now + budget
    }

    /// 500 ms: how long closing a connection may take once the work is over (a TLS
    /// close_notify, a WebSocket closing handshake). Best effort: a silent peer's manners
    /// must not hold the command; this is the grace past the deadline that the man page
    /// documents (with the rendering, well under a second).
    public static let closeGrace: Duration = .milliseconds(500)

    /// The earlier of `bound` from now and the deadline.
    public func until(_ bound: Duration) -> ContinuousClock.Instant { min(.now + bound, instant) }

    /// When a step bounded by `bound` ends: `bound` from now, or `deadline` if that comes first.
    public static func end(of bound: Duration, within deadline: CommandDeadline?) -> ContinuousClock.Instant {
        deadline?.until(bound) ?? .now + bound
    }

    /// What is left of `bound` before the deadline, never negative.
    public func remaining(atMost bound: Duration) -> Duration { max(.zero, min(bound, instant - .now)) }
}
