import ClawPairKit

/// A misbehaviour `clawpair sim` can be told to show (`POST /fault/NAME`), so clients can be
/// tested against a gateway that goes wrong. Each stays armed until `reset`.
public enum SimFault: String, Sendable, Hashable, CaseIterable {
    /// Authenticated sessions get no more `tick` events (the client's 2 × tick watchdog
    /// should close with 4000).
    case dropTicks = "drop-ticks"
    /// Every open WebSocket is closed with 1008 at once, and each later connection right
    /// after its `connect` request.
    case close1008 = "close-1008"
    /// `connect.challenge` is sent ``SimGateway/slowChallengeDelay`` late: past a client's
    /// 6 s wait.
    case slowChallenge = "slow-challenge"
    /// `connect.challenge` is never sent.
    case noChallenge = "no-challenge"
    /// The WebSocket upgrade is answered with a Cloudflare Access `302` challenge
    /// (spec/cloudflare-access.md) instead of `101`.
    case accessChallenge = "access-challenge"
    /// Every `connect` is refused with `AUTH_RATE_LIMITED` and `retryAfterMs`
    /// (beyond spec/cli.md's list, for clients' back-off).
    case rateLimit = "rate-limit"
    /// Every `connect` is refused with a retryable `UNAVAILABLE`, `details.reason`
    /// `startup-sidecars` and `retryAfterMs`, as a gateway still starting.
    case startup = "startup"
    /// Every later connection is dropped right after its `connect` request, without an
    /// answer or a close frame.
    case closeMidHandshake = "close-mid-handshake"
    /// Once, at once: every authenticated session gets a text frame that is not JSON.
    case garbageFrames = "garbage-frames"
    /// Once, at once: every authenticated session gets a text frame one byte over the
    /// `policy.maxPayload` its hello-ok announced.
    case oversizedFrame = "oversized-frame"
    /// Once, at once: every authenticated session gets ``SimGateway/floodEvents`` events as
    /// fast as it takes them.
    case flood = "flood"

    /// The faults that act once when posted rather than staying armed.
    public var isImmediate: Bool { [.garbageFrames, .oversizedFrame, .flood].contains(self) }
}
