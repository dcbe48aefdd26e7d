/// Why a connect handshake failed, with what to do about it: the gateway's refusal (its
/// `error` and `details`), a 1008 close, or a protocol or liveness failure on our side.
///
/// ``clawPairError`` maps each case to a ``ClawPairError`` code whose category gives the
/// CLI's exit status (spec/cli.md: 6 for authorization, 4 for the rest).
public enum GatewayConnectError: Error, Sendable, Equatable {
    /// The device must be approved on the gateway host (`PAIRING_REQUIRED`).
    case pairingRequired(PairingRequest)
    /// A setup-code bootstrap waits for approval (`recommendedNextStep: wait_then_retry`):
    /// retry with the same bootstrap token, with backoff, until approved, rejected or expired.
    case waitThenRetry(PairingRequest, retryAfterMs: Int64?)
    case pairingRejected(message: String)
    case pairingExpired(message: String)
    /// `AUTH_RATE_LIMITED`: resume after `retryAfterMs`.
    case rateLimited(retryAfterMs: Int64?, message: String)
    /// `PROTOCOL_MISMATCH` or `CLIENT_VERSION_MISMATCH`.
    case protocolMismatch(message: String)
    /// The gateway refused the device block (signature, nonce, skew, key or id).
    case deviceAuthFailed(GatewayErrorDetailCode, message: String)
    /// `AUTH_BOOTSTRAP_TOKEN_INVALID`: the setup code is used up or expired.
    case bootstrapTokenInvalid(message: String)
    /// `AUTH_DEVICE_TOKEN_MISMATCH`: the stored device token is stale.
    case deviceTokenMismatch(message: String)
    /// Any other authentication refusal (token, password, scopes, identity required).
    case authFailed(GatewayErrorDetailCode?, recommendedNextStep: GatewayRecommendedStep?, message: String)
    /// `UNAVAILABLE` (the gateway is starting): retry after `retryAfterMs`.
    case unavailable(retryAfterMs: Int64?, message: String)
    /// Any other error answer to `connect`.
    case refused(GatewayErrorShape)
    /// The gateway closed the connection with 1008 and this reason, without an error
    /// answer that said more.
    case policyClose(reason: String)
    /// No valid `connect.challenge` in time.
    case noChallenge(message: String)
    /// The whole connect took too long.
    case timedOut(message: String)
    /// The gateway broke the protocol (bad JSON, wrong types, bad challenge, frame too big).
    case protocolViolation(message: String)
    /// The connection failed or closed underneath the handshake.
    case connectionFailed(ClawPairError)

    /// The pairing request a gateway reported.
    public struct PairingRequest: Sendable, Hashable {
        /// The gateway's id for the request, only when it has the gateway's shape
        /// (``PairingRequestID``); nil when none was given or it was refused.
        public var requestId: String?
        /// The gateway sent an id that is not a UUID; it is neither shown nor put in a command.
        public var refusedRequestId: Bool
        /// `not-paired`, `role-upgrade`, `scope-upgrade`, `metadata-upgrade`.
        public var reason: String?
        public var deviceId: String?
        /// The gateway's own words; untrusted text.
        public var message: String

        public init(requestId: String?, reason: String? = nil, deviceId: String? = nil, message: String) {
            let refused = requestId.map { !PairingRequestID.isWellFormed($0) } ?? false
            self.requestId = refused ? nil : requestId
            self.refusedRequestId = refused
            self.reason = reason
            self.deviceId = deviceId
            self.message = message
        }

        /// The command the gateway's operator runs to approve, `openclaw devices approve
        /// <requestId>`, the id quoted for the shell; nil without a well-formed id.
        public var approveCommand: String? {
            guard let requestId, PairingRequestID.isWellFormed(requestId) else { return nil }
            return "openclaw devices approve " + ShellQuoting.quote(requestId)
        }

        /// What the operator runs, on one line: the approve command, else the listing first.
        public var approvalSteps: String {
            approveCommand ?? "openclaw devices list, then openclaw devices approve <requestId>"
        }

        /// Why no command names the request, when the gateway's id was refused.
        public var refusal: String? {
            refusedRequestId ? "the gateway's request id is not a UUID, so no command is built from it" : nil
        }
    }

    // MARK: From the gateway's answer

    /// Classifies an error answer to `connect` by its `details.code`, then its hints.
    public init(_ shape: GatewayErrorShape) {
        let details = shape.detailsView
        let message = shape.message
        let retryAfterMs = shape.retryAfterMs ?? details.retryAfterMs
        let request = PairingRequest(requestId: details.requestId, reason: details.reason, deviceId: details.deviceId, message: message)
        switch details.code {
        case .authRateLimited?:
            self = .rateLimited(retryAfterMs: retryAfterMs, message: message)
        case _ where details.recommendedNextStep == .waitThenRetry:
            self = .waitThenRetry(request, retryAfterMs: retryAfterMs)
        case .pairingRequired?:
            self = .pairingRequired(request)
        case .pairingRejected?:
            self = .pairingRejected(message: message)
        case .pairingExpired?:
            self = .pairingExpired(message: message)
        case .protocolMismatch?, .clientVersionMismatch?:
            self = .protocolMismatch(message: message)
        case .authBootstrapTokenInvalid?:
            self = .bootstrapTokenInvalid(message: message)
        case .authDeviceTokenMismatch?:
            self = .deviceTokenMismatch(message: message)
        case let code? where code.isDeviceAuthFailure:
            self = .deviceAuthFailed(code, message: message)
        case let code? where code.rawValue.hasPrefix("AUTH_") || code == .deviceIdentityRequired:
            self = .authFailed(code, recommendedNextStep: details.recommendedNextStep, message: message)
        default:
            if shape.code == GatewayErrorShape.unavailableCode {
                self = .unavailable(retryAfterMs: retryAfterMs, message: message)
            } else if let code = details.code {
                self = .authFailed(code, recommendedNextStep: details.recommendedNextStep, message: message)
            } else {
                self = .refused(shape)
            }
        }
    }

    /// Classifies a close frame that ended the handshake: 1008 with `pairing required
    /// (requestId: …)` is a pairing request; any other 1008 a policy close; anything else
    /// a lost connection.
    public init(closedWith payload: WebSocketClosePayload) {
        if payload.code == .policyViolation {
            if let requestId = Self.requestId(inCloseReason: payload.reason) {
                self = .pairingRequired(PairingRequest(requestId: requestId, reason: nil, message: payload.reason))
            } else {
                self = .policyClose(reason: payload.reason)
            }
        } else {
            self = .connectionFailed(ClawPairError(.gatewayClosed, "the gateway closed the connection (\(payload)) during the handshake"))
        }
    }

    /// The id in a close reason like `pairing required (requestId: abc-123)`.
    public static func requestId(inCloseReason reason: String) -> String? {
        guard let marker = reason.range(of: "requestId: ") else { return nil }
        let id = reason[marker.upperBound...].prefix { $0 != ")" && !$0.isWhitespace }
        return id.isEmpty ? nil : String(id)
    }

    // MARK: What to do

    /// One sentence on what to do next.
    public var remedy: String {
        switch self {
        case .pairingRequired(let request), .waitThenRetry(let request, _):
            if let command = request.approveCommand {
                return "approve this device on the gateway host: \(command) (list requests with: openclaw devices list)"
            }
            return "approve this device on the gateway host: \(request.approvalSteps)" + (request.refusal.map { " (\($0))" } ?? "")
        case .pairingRejected: return "the gateway's operator rejected this device; ask them, then pair again with a new setup code"
        case .pairingExpired: return "the pairing request expired; pair again with a new setup code"
        case .rateLimited(let ms, _):
            return ms.map { "too many attempts; retry in \(($0 + 999) / 1000) s" } ?? "too many attempts; retry later"
        case .protocolMismatch: return "clawpair and the gateway speak different protocol versions; update the older one"
        case .deviceAuthFailed(let code, _):
            if code == .signatureExpired { return "this machine's clock differs from the gateway's by more than 2 minutes; fix the time (NTP)" }
            return "the gateway refused this device's signature; check the clock, then pair again"
        case .bootstrapTokenInvalid: return "the setup code was already used or has expired; \(SetupCodeRemedy.newCode)"
        case .deviceTokenMismatch: return "the stored device token is no longer valid; pair again with a new setup code"
        case .authFailed(let code, let step, _):
            if let specific = code.flatMap(Self.authRemedy) { return specific }
            switch step {
            case .retryWithDeviceToken?: return "retry with the stored device token"
            case .updateAuthCredentials?: return "the gateway token or password is wrong; update it"
            case .updateAuthConfiguration?, .reviewAuthConfiguration?: return "review the gateway's auth configuration (gateway.auth)"
            default: return "check the token or password for this gateway, or pair again with a new setup code"
            }
        case .unavailable(let ms, _):
            return ms.map { "the gateway is starting; retry in \(($0 + 999) / 1000) s" } ?? "the gateway is starting; retry shortly"
        case .refused: return "see the gateway's message; check its logs"
        case .policyClose: return "the gateway refused the connection by policy; check its logs and this device's pairing"
        case .noChallenge: return "the server accepted the WebSocket but is not an OpenClaw gateway, or is overloaded"
        case .timedOut: return "the gateway did not finish the handshake in time; check its load and the network"
        case .protocolViolation: return "the server does not speak the OpenClaw gateway protocol as expected"
        case .connectionFailed(let error): return error.remedy ?? "check the network path to the gateway"
        }
    }

    /// What to do about the authentication refusals whose code says more than its hint.
    static func authRemedy(_ code: GatewayErrorDetailCode) -> String? {
        switch code {
        case .authPasswordMissing: "the gateway requires its password; pair with a setup code (or link) that carries it"
        case .authPasswordMismatch: "the gateway password is wrong; get the current one from the gateway's operator"
        case .authPasswordNotConfigured:
            "the gateway does not use a password; make a setup code on the gateway host (openclaw qr) and pair with it"
        case .authTokenMissing: "the gateway requires its token; pair with a setup code (or link) that carries it"
        case .authTokenNotConfigured:
            "the gateway has no token configured (it may admit only Tailscale Serve identities); connect through its tailscale serve URL or pair with a setup code (openclaw qr)"
        case .authTailscaleIdentityMissing:
            "the gateway expected a Tailscale identity; connect through its tailscale serve URL (https://NAME.ts.net) or pair with a setup code"
        case .authTailscaleProxyMissing:
            "Tailscale identity counts only through the gateway host's own tailscale serve; use its https://NAME.ts.net URL or pair with a setup code"
        case .authTailscaleWhoisFailed:
            "the gateway could not look up this machine on the tailnet (tailscale whois); check tailscale status on both ends, or pair with a setup code"
        case .authTailscaleIdentityMismatch:
            "this machine's tailnet login does not match the identity the gateway was given; check tailscale status, or pair with a setup code"
        case .authScopeMismatch:
            "this device's token does not cover the scopes asked for; approve the wider scopes on the gateway host or pair again with a new setup code"
        default: nil
        }
    }

    /// Whether retrying the same connect later can succeed without the user acting.
    public var isRetryable: Bool {
        switch self {
        case .waitThenRetry, .rateLimited, .unavailable, .timedOut, .connectionFailed, .noChallenge: true
        default: false
        }
    }

    /// 1 s to 15 min: the bounds spec/registry.md puts on a gateway's `retryAfterMs`, so a
    /// hostile or buggy value neither spins nor parks a session for days.
    public static let retryAfterBounds: ClosedRange<Int64> = 1_000...900_000

    /// How long to wait before the automatic retry the gateway asked for (rate limiting,
    /// start-up, pending approval), its `retryAfterMs` clamped to ``retryAfterBounds``; nil
    /// when it named no delay or the failure is not one to retry on a timer.
    public var retryAfter: Duration? {
        let ms: Int64?
        switch self {
        case .rateLimited(let value, _), .unavailable(let value, _), .waitThenRetry(_, let value): ms = value
        default: ms = nil
        }
        return ms.map { .milliseconds(min(max($0, Self.retryAfterBounds.lowerBound), Self.retryAfterBounds.upperBound)) }
    }

    /// The error as clawpair's one error type: code (and so exit status), message, remedy.
    public var clawPairError: ClawPairError {
        ClawPairError(code, message, remedy: remedy)
    }

    /// The ``ClawPairError`` code.
    public var code: ClawPairError.Code {
        switch self {
        case .pairingRequired: .pairingRequired
        case .waitThenRetry: .pairingPending
        case .pairingRejected: .pairingRejected
        case .pairingExpired: .pairingExpired
        case .rateLimited: .authRateLimited
        case .protocolMismatch: .protocolMismatch
        case .deviceAuthFailed: .deviceAuthFailed
        case .bootstrapTokenInvalid: .bootstrapTokenInvalid
        case .deviceTokenMismatch: .deviceTokenMismatch
        case .authFailed: .authFailed
        case .unavailable: .gatewayUnavailable
        case .refused: .gatewayRequestFailed
        case .policyClose: .gatewayPolicyClose
        case .noChallenge: .gatewayNoChallenge
        case .timedOut: .gatewayConnectTimeout
        case .protocolViolation: .gatewayProtocolError
        case .connectionFailed(let error): error.code
        }
    }

    /// `what: message`, or the gateway's message alone when it already says `what` (a
    /// gateway's "pairing rejected (requestId: …)" must not read "pairing rejected: pairing
    /// rejected (requestId: …)").
    static func saying(_ what: String, _ message: String) -> String {
        message.lowercased().hasPrefix(what) ? message : "\(what): \(message)"
    }

    /// One sentence on what happened (gateway text included as sent: escape before printing).
    public var message: String {
        switch self {
        case .pairingRequired(let request):
            "pairing required\(request.reason.map { " (\($0))" } ?? "")\(request.requestId.map { ", request \($0)" } ?? ""): \(request.message)"
        case .waitThenRetry(let request, _):
            "pairing pending approval\(request.requestId.map { " (request \($0))" } ?? ""): \(request.message)"
        case .pairingRejected(let message): Self.saying("pairing rejected", message)
        case .pairingExpired(let message): Self.saying("pairing request expired", message)
        case .rateLimited(_, let message): Self.saying("rate limited", message)
        case .protocolMismatch(let message): Self.saying("protocol mismatch", message)
        case .deviceAuthFailed(let code, let message): "device authentication failed (\(code)): \(message)"
        case .bootstrapTokenInvalid(let message): "bootstrap token invalid: \(message)"
        case .deviceTokenMismatch(let message): "device token rejected: \(message)"
        case .authFailed(let code, _, let message): "authentication failed\(code.map { " (\($0))" } ?? ""): \(message)"
        case .unavailable(_, let message): "gateway unavailable: \(message)"
        case .refused(let shape): "the gateway refused connect (\(shape.code)): \(shape.message)"
        case .policyClose(let reason): "the gateway closed the connection with 1008 (policy violation)\(reason.isEmpty ? "" : ": \(reason)")"
        case .noChallenge(let message), .timedOut(let message), .protocolViolation(let message): message
        case .connectionFailed(let error): error.message
        }
    }
}

extension GatewayConnectError: CustomStringConvertible {
    public var description: String { "\(message) (\(remedy))" }
}
