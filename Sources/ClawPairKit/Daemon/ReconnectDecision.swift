/// What a session does after a failed connect or a lost session (spec/registry.md "Pause"):
/// retry with backoff, wait what the gateway asked for, retry once with the stored device
/// token, or pause until the user acts. Pure, and table-tested against the spec's list.
public enum ReconnectDecision: Sendable, Equatable {
    /// Transport trouble and everything else not listed: retry with the schedule's backoff.
    case backoff
    /// The gateway said when (`AUTH_RATE_LIMITED`, start-up `UNAVAILABLE`, a pending
    /// approval's `retryAfterMs`): clamped to 1 s–15 min.
    case retryAfter(Duration)
    /// `AUTH_TOKEN_MISMATCH` on a trusted endpoint: one retry with the stored device token.
    case retryWithDeviceToken
    /// No retry until the user acts: why, and the command that fixes it.
    case pause(PauseReason)

    /// Why a session paused and what fixes it (shown in `status`).
    public struct PauseReason: Sendable, Equatable {
        public var message: String
        public var remedy: String

        public init(message: String, remedy: String) {
            self.message = message
            self.remedy = remedy
        }
    }

    /// The codes a session pauses on when the gateway gives no hint (spec/registry.md).
    public static let pauseCodes: Set<GatewayErrorDetailCode> = [
        .authTokenMissing, .authBootstrapTokenInvalid, .authTokenNotConfigured, .authPasswordMissing, .authPasswordMismatch,
        .authPasswordNotConfigured, .authScopeMismatch, .authDeviceTokenMismatch, .pairingRequired, .protocolMismatch,
        .deviceIdentityRequired,
    ]

    /// The decision for a refused or failed handshake. `details`/`retryable` are the
    /// gateway's own hints when it answered with an error; `canRetryWithDeviceToken` says
    /// the one device-token retry is still available (a stored token, a shared token was
    /// what failed, a trusted endpoint, not tried yet).
    public static func after(
        _ failure: GatewayConnectError, details: GatewayErrorDetails? = nil, retryable: Bool? = nil, gateway: GatewayID,
        canRetryWithDeviceToken: Bool
    ) -> ReconnectDecision {
        // The gateway named a delay: honour it (rate limiting, start-up, pending approval).
        switch failure {
        case .rateLimited, .unavailable, .waitThenRetry:
            return failure.retryAfter.map(ReconnectDecision.retryAfter) ?? .backoff
        default: break
        }
        let pause = ReconnectDecision.pause(reason(failure, gateway: gateway))
        // The gateway's own hints win.
        if let hint = details?.pauseReconnect { return hint ? pause : .backoff }
        if let hint = retryable ?? details?.retryable { return hint ? .backoff : pause }
        switch failure {
        case .authFailed(let code?, let step, _) where code == .authTokenMismatch:
            if canRetryWithDeviceToken && (step == nil || step == .retryWithDeviceToken) { return .retryWithDeviceToken }
            return pause
        case .authFailed(let code?, _, _):
            return pauseCodes.contains(code) ? pause : .backoff
        case .bootstrapTokenInvalid, .deviceTokenMismatch, .pairingRequired, .protocolMismatch, .pairingRejected, .pairingExpired:
            return pause
        default:
            return .backoff
        }
    }

    /// The decision for a route that could not be opened: a pin mismatch (someone else
    /// answers for this gateway), refused plaintext and a Cloudflare Access sign-in pause;
    /// everything else is transport.
    public static func after(routeFailure error: ClawPairError, gateway: GatewayID) -> ReconnectDecision {
        switch error.code {
        case .tlsPinMismatch:
            return .pause(PauseReason(
                message: error.message,
                remedy: "check the gateway's certificate, then pin the new one: clawpair gateways trust \(ShellQuoting.quote(gateway.rawValue))"))
        case .plaintextNotAllowed:
            return .pause(PauseReason(message: error.message, remedy: error.remedy ?? "use a wss:// route for this gateway"))
        case .accessSessionExpired, .httpAccessChallenge:
            // Cloudflare Access wants a sign-in; the daemon never opens a browser itself. A new
            // `access login` changes the session's inputs, which starts it again.
            return .pause(PauseReason(message: error.message, remedy: "sign in again: " + ProbeRemedy.accessLogin(gateway.rawValue)))
        default:
            return .backoff
        }
    }

    /// Why `failure` pauses a session, with the command that fixes it.
    static func reason(_ failure: GatewayConnectError, gateway: GatewayID) -> PauseReason {
        let pair = SetupCodeRemedy.pairAgain
        switch failure {
        case .deviceTokenMismatch:
            return PauseReason(message: "the gateway no longer knows this device: \(failure.message)", remedy: "re-pair: \(pair)")
        case .pairingRequired(let request):
            return PauseReason(
                message: failure.message, remedy: "on the gateway host: \(request.approveCommand ?? request.approvalSteps)")
        case .authFailed(let code?, _, _) where code == .authTokenMismatch:
            return PauseReason(message: failure.message, remedy: "the gateway token changed: \(pair)")
        default:
            return PauseReason(message: failure.message, remedy: "\(failure.remedy); then \(pair)")
        }
    }
}
