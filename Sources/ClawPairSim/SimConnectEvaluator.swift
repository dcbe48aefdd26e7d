import ClawPairKit

/// The gateway's decision on one `connect` request (spec/gateway-protocol.md): protocol
/// range, closed client id/mode/role/scope sets, the device signature (v3 or v2, ±120 s,
/// nonce, id = hash of key), the credential (shared token, password, bootstrap token, device
/// token, or a verified Tailscale Serve login) under the failed-authentication limit, then
/// pairing. Decides and records pairing requests in ``SimState``; sends nothing.
struct SimConnectEvaluator: Sendable {
    /// 120 s: how far `signedAt` may be from the gateway's clock.
    static let maximumSkewMs: Int64 = 120_000

    let state: SimState
    /// `$CLAWPAIR_SIM_TOKEN`: the shared gateway token, if one is configured.
    let sharedToken: Secret?
    /// `$CLAWPAIR_SIM_PASSWORD`: the gateway password, if one is configured.
    var sharedPassword: Secret? = nil
    /// Failed authentications per client address (`--auth-failure-limit`).
    var limiter = SimAuthFailureLimiter()
    /// `--local-node-id`: the id of a node host installed next to the gateway (the real one
    /// reads it from `~/.openclaw/node.json`); nil when there is none.
    var localNodeId: String? = nil
    /// `server.version` (`--gateway-version`).
    var gatewayVersion: String = ClawPairVersion.current
    /// `--allow-tailscale` (`gateway.auth.allowTailscale`): connects without a token or
    /// password may authenticate as a verified Tailscale Serve login; nil when off.
    var tailscale: SimTailscaleServe? = nil

    /// The verdict on one `connect`; `clientAddress` (the peer's IP) keys the
    /// failed-authentication limit; `tailscaleLogin` is the login a Tailscale Serve check
    /// of the upgrade request verified (``SimTailscaleServe``), if any.
    func evaluate(
        params raw: JSONValue?, challenge: ConnectChallenge, now: Int64, clientAddress: String = "", tailscaleLogin: String? = nil
    ) -> SimConnectVerdict {
        if let refusal = Self.checkDeviceBlockShape(raw) { return .refuse(refusal) }
        let params: ConnectParams
        do {
            params = try ConnectParams(json: raw)
        } catch {
            return .refuse(.invalidRequest("invalid connect params: \(error.message)"))
        }
        let role = params.role ?? GatewayRole.operator.rawValue
        let scopes = params.scopes ?? []

        // Closed sets first: the gateway's schema rejects these before anything else.
        guard GatewayClientID(rawValue: params.client.id) != nil else {
            return .refuse(.invalidRequest("invalid connect params: client.id \"\(params.client.id.prefix(64))\" is not a known client id"))
        }
        guard GatewayClientMode(rawValue: params.client.mode) != nil else {
            return .refuse(.invalidRequest("invalid connect params: client.mode \"\(params.client.mode.prefix(64))\" is not a known mode"))
        }
        guard GatewayRole(rawValue: role) != nil else {
            return .refuse(.invalidRequest("invalid connect params: role \"\(role.prefix(64))\" is not a known role"))
        }
        if let unknown = scopes.first(where: { OperatorScope(rawValue: $0) == nil }) {
            return .refuse(.invalidRequest("invalid connect params: scope \"\(unknown.prefix(64))\" is not a known scope"))
        }

        // Protocol 4; node sessions may speak 3.
        let isNode = role == GatewayRole.node.rawValue && params.client.mode == GatewayClientMode.node.rawValue
        let lowest = isNode ? GatewayProtocolVersion.nodeMinimum : GatewayProtocolVersion.current
        guard params.minProtocol <= params.maxProtocol, params.minProtocol <= GatewayProtocolVersion.current,
            params.maxProtocol >= lowest
        else {
            return .refuse(.detail(
                .protocolMismatch,
                "protocol mismatch: the client speaks \(params.minProtocol)–\(params.maxProtocol), the gateway \(lowest)–\(GatewayProtocolVersion.current)",
                closeCode: .protocolError, closeReason: "protocol mismatch"))
        }
        let protocolVersion = min(params.maxProtocol, GatewayProtocolVersion.current)

        // The device identity and its signature over this connection's challenge.
        guard let device = params.device else {
            return .refuse(.detail(.deviceIdentityRequired, "device identity required", topLevel: GatewayErrorShape.notPairedCode))
        }
        guard let key = Base64URL.decode(device.publicKey), key.count == Ed25519KeyPair.keyByteCount else {
            return .refuse(.deviceAuth(.publicKeyInvalid))  // not 32 bytes of base64url
        }
        guard DeviceIdentity.deviceId(publicKey: key) == device.id else {
            return .refuse(.deviceAuth(.deviceIdMismatch))  // the id is not the hash of the key
        }
        guard abs(now - device.signedAt) <= Self.maximumSkewMs else {
            return .refuse(.deviceAuth(.signatureExpired))  // signedAt more than 120 s off
        }
        guard device.nonce == challenge.nonce else {
            return .refuse(.deviceAuth(.nonceMismatch))  // not this connection's challenge
        }
        var signatureVersion: DeviceAuthPayload.Version?
        for version in [DeviceAuthPayload.Version.v3, .v2] {
            guard let payload = try? DeviceAuthPayload(version: version, params: params) else { continue }
            if DeviceIdentity.verify(device, payload: payload) == nil {
                signatureVersion = version
                break
            }
        }
        guard let signatureVersion else {
            return .refuse(.deviceAuth(.signatureInvalid))
        }

        let base = SimAcceptance(
            protocolVersion: protocolVersion, role: role, scopes: scopes, deviceId: device.id, clientId: params.client.id,
            mode: params.client.mode, signatureVersion: signatureVersion, deviceToken: nil, otherDeviceTokens: [],
            consumedBootstrapToken: nil, authKind: "none")
        let verdict = limitedAuthenticate(
            params: params, device: device, acceptance: base, now: now, clientAddress: clientAddress, tailscaleLogin: tailscaleLogin)
        if case .accept(let acceptance) = verdict,
            let skew = versionSkew(params.client, role: role, clientAddress: clientAddress, authKind: acceptance.authKind)
        {
            return .refuse(skew)
        }
        return verdict
    }

    // MARK: The co-located node host's version

    /// The gateway's one use of `CLIENT_VERSION_MISMATCH`: its own node host (a node session
    /// from loopback whose `client.instanceId` is the local node id) runs another released
    /// version than the gateway, so the supervisor should restart it. Checked once the
    /// connect is otherwise accepted; dev versions never trip it.
    func versionSkew(_ client: ConnectClientInfo, role: String, clientAddress: String, authKind: String) -> SimRefusal? {
        guard let localNodeId, role == GatewayRole.node.rawValue, HostPolicy.isLoopback(clientAddress),
            Self.trimmed(client.instanceId ?? "") == localNodeId, !client.version.isEmpty, client.version != gatewayVersion,
            Self.isReleased(client.version), Self.isReleased(gatewayVersion)
        else { return nil }
        let details: JSONValue = [
            "code": .string(GatewayErrorDetailCode.clientVersionMismatch.rawValue), "clientVersion": .string(client.version),
            "gatewayVersion": .string(gatewayVersion),
        ]
        return SimRefusal(
            error: GatewayErrorShape(code: GatewayErrorShape.invalidRequestCode, message: "client version mismatch", details: details),
            closeCode: .policyViolation, closeReason: "client version mismatch",
            outcome: GatewayErrorDetailCode.clientVersionMismatch.rawValue, authKind: authKind)
    }

    /// A shipped gateway version: calendar form `YYYY.M.D` (a `-beta.N` suffix allowed).
    static func isReleased(_ version: String) -> Bool {
        var rest = Substring(version)
        func digits(_ count: Int?) -> Bool {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            guard count.map({ run.count == $0 }) ?? !run.isEmpty else { return false }
            rest = rest.dropFirst(run.count)
            return true
        }
        func dot() -> Bool {
            guard rest.first == "." else { return false }
            rest = rest.dropFirst()
            return true
        }
        return digits(4) && dot() && digits(nil) && dot() && digits(nil)
    }

    /// `text` without leading and trailing whitespace (as JavaScript's `trim`).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    // MARK: The failed-authentication limit

    /// Refusals that count as a failed authentication (a wrong credential, not a missing one
    /// or a pairing decision), as the gateway's rate limiter counts them.
    static let countedFailures: Set<GatewayErrorDetailCode> = [
        .authTokenMismatch, .authPasswordMismatch, .authDeviceTokenMismatch, .authScopeMismatch, .authBootstrapTokenInvalid,
    ]

    /// ``authenticate`` behind the limiter: a locked-out address is refused before its
    /// credential is looked at; a wrong credential counts; an accepted one clears the count.
    private func limitedAuthenticate(
        params: ConnectParams, device: ConnectDevice, acceptance: SimAcceptance, now: Int64, clientAddress: String,
        tailscaleLogin: String?
    ) -> SimConnectVerdict {
        if params.auth != nil, let retryAfterMs = limiter.retryAfterMs(clientAddress, now: now) {
            var refusal = SimRefusal.rateLimited(retryAfterMs: retryAfterMs)
            refusal.authKind = Self.authKind(params.auth)
            return .refuse(refusal)
        }
        let verdict = authenticate(params: params, device: device, acceptance: acceptance, now: now, tailscaleLogin: tailscaleLogin)
        switch verdict {
        case .refuse(let refusal) where Self.countedFailures.contains(GatewayErrorDetailCode(rawValue: refusal.outcome)):
            limiter.recordFailure(clientAddress, now: now)
        case .accept where params.auth != nil:
            limiter.reset(clientAddress)
        default:
            break
        }
        return verdict
    }

    static func authKind(_ auth: ConnectAuth?) -> String {
        switch auth {
        case .bootstrapToken?: "bootstrap-token"
        case .token(_, let deviceToken)?: deviceToken == nil ? "token" : "device-token"
        case .password?: "password"
        case nil: "none"
        }
    }

    // MARK: Credentials and pairing

    private func authenticate(
        params: ConnectParams, device: ConnectDevice, acceptance: SimAcceptance, now: Int64, tailscaleLogin: String?
    ) -> SimConnectVerdict {
        var acceptance = acceptance
        let role = acceptance.role
        let paired = state.device(device.id)
        switch params.auth {
        case .bootstrapToken(let token)?:
            acceptance.authKind = "bootstrap-token"
            guard let entry = state.usableBootstrapToken(token.revealed, now: now) else {
                return .refuse(.detail(
                    .authBootstrapTokenInvalid, "unauthorized: the bootstrap token is invalid, expired or already used",
                    details: GatewayErrorDetails(recommendedNextStep: .updateAuthCredentials), authKind: acceptance.authKind))
            }
            // Bootstrap scope filtering: a node gets none, an operator what it asked for
            // within the grantable set and the code's access level.
            var scopes = OperatorScope.bootstrapScopes(role: role, requested: acceptance.scopes)
            // A limited code (plaintext to a LAN host) withholds operator.admin.
            let admin = OperatorScope.admin.rawValue
            if !entry.operatorScopes.contains(admin) { scopes.removeAll { $0 == admin } }
            acceptance.scopes = scopes
            return pairOrAdmit(
                params: params, device: device, acceptance: acceptance, bootstrapToken: token.revealed, now: now)

        case .token(let token, let deviceToken)?:
            if let sharedToken, SimSecretComparison.equal(token, sharedToken) {
                acceptance.authKind = "token"
                // A client holding the shared secret is trusted to pair itself.
                if !Self.covers(paired?.grants[role], acceptance.scopes) {
                    state.pairDirectly(deviceId: device.id, publicKey: device.publicKey, role: role, scopes: acceptance.scopes)
                }
                return admit(device: device, acceptance: acceptance, bootstrapToken: nil)
            }
            let presented = deviceToken?.revealed ?? token.revealed
            if let grant = paired?.grants[role], SimSecretComparison.equal(grant.token.revealed, presented) {
                acceptance.authKind = "device-token"
                // The gateway's device-token check: a known token asking for more than it
                // was granted is refused as such (re-pair or approve the wider set).
                guard Self.covers(grant, acceptance.scopes) else {
                    return .refuse(.detail(
                        .authScopeMismatch, "unauthorized: the device token does not cover the requested scopes",
                        details: GatewayErrorDetails(recommendedNextStep: .updateAuthCredentials), authKind: acceptance.authKind))
                }
                return admit(device: device, acceptance: acceptance, bootstrapToken: nil)
            }
            acceptance.authKind = deviceToken == nil ? "token" : "device-token"
            if sharedToken != nil {
                let canRetry = paired?.grants[role] != nil && deviceToken == nil
                return .refuse(.detail(
                    .authTokenMismatch, "unauthorized: gateway token mismatch",
                    details: GatewayErrorDetails(
                        canRetryWithDeviceToken: canRetry,
                        recommendedNextStep: canRetry ? .retryWithDeviceToken : .updateAuthCredentials),
                    authKind: acceptance.authKind))
            }
            if sharedPassword != nil && deviceToken == nil {
                // Password mode: the gateway reads an unknown `token` as a missing password.
                return .refuse(Self.passwordMissing(authKind: acceptance.authKind))
            }
            if isTailscaleOnly && deviceToken == nil {
                // A token that is no device token meets a gateway with none configured.
                return .refuse(Self.tokenNotConfigured(authKind: acceptance.authKind))
            }
            return .refuse(.detail(
                .authDeviceTokenMismatch, "unauthorized: device token mismatch (rotated or revoked)",
                details: GatewayErrorDetails(recommendedNextStep: .updateAuthCredentials), authKind: acceptance.authKind))

        case .password(let password)?:
            acceptance.authKind = "password"
            guard let sharedPassword else {
                return .refuse(.detail(
                    .authPasswordNotConfigured, "unauthorized: gateway password authentication is not configured",
                    details: GatewayErrorDetails(recommendedNextStep: .reviewAuthConfiguration), authKind: acceptance.authKind))
            }
            guard SimSecretComparison.equal(password, sharedPassword) else {
                return .refuse(.detail(
                    .authPasswordMismatch, "unauthorized: gateway password mismatch",
                    details: GatewayErrorDetails(recommendedNextStep: .updateAuthCredentials), authKind: acceptance.authKind))
            }
            // Like the shared token: a client that knows the password may pair itself.
            if !Self.covers(paired?.grants[role], acceptance.scopes) {
                state.pairDirectly(deviceId: device.id, publicKey: device.publicKey, role: role, scopes: acceptance.scopes)
            }
            return admit(device: device, acceptance: acceptance, bootstrapToken: nil)

        case nil:
            if tailscaleLogin != nil, tailscale != nil {
                return tailscaleAdmission(params: params, device: device, acceptance: acceptance, now: now)
            }
            // A failed Tailscale check falls through to the shared-secret checks below,
            // its reason unsaid (the gateway never sends AUTH_TAILSCALE_* on connect).
            if sharedToken != nil {
                return .refuse(.detail(
                    .authTokenMissing, "unauthorized: gateway token missing",
                    details: GatewayErrorDetails(recommendedNextStep: .updateAuthConfiguration), authKind: "none"))
            }
            if sharedPassword != nil { return .refuse(Self.passwordMissing(authKind: "none")) }
            if isTailscaleOnly { return .refuse(Self.tokenNotConfigured(authKind: "none")) }
            // No shared secret configured: the signed device identity is the credential,
            // and pairing decides.
            return pairOrAdmit(params: params, device: device, acceptance: acceptance, bootstrapToken: nil, now: now)
        }
    }

    /// Tailscale allowed and no token or password: the gateway runs in token mode without a
    /// token, so only Tailscale identities, bootstrap tokens and device tokens get in.
    var isTailscaleOnly: Bool { tailscale != nil && sharedToken == nil && sharedPassword == nil }

    /// A verified Tailscale login authenticates the connection but is no shared secret: the
    /// device still pairs, except the Control UI's operator, which the gateway lets skip
    /// pairing on a verified tailnet identity.
    private func tailscaleAdmission(
        params: ConnectParams, device: ConnectDevice, acceptance: SimAcceptance, now: Int64
    ) -> SimConnectVerdict {
        var acceptance = acceptance
        acceptance.authKind = "tailscale"
        let role = acceptance.role
        if params.client.id == GatewayClientID.controlUI.rawValue, role == GatewayRole.operator.rawValue,
            !Self.covers(state.device(device.id)?.grants[role], acceptance.scopes)
        {
            state.pairDirectly(deviceId: device.id, publicKey: device.publicKey, role: role, scopes: acceptance.scopes)
        }
        return pairOrAdmit(params: params, device: device, acceptance: acceptance, bootstrapToken: nil, now: now)
    }

    static func tokenNotConfigured(authKind: String) -> SimRefusal {
        .detail(
            .authTokenNotConfigured, "unauthorized: gateway token not configured on gateway (set gateway.auth.token)",
            details: GatewayErrorDetails(recommendedNextStep: .updateAuthConfiguration), authKind: authKind)
    }

    static func passwordMissing(authKind: String) -> SimRefusal {
        .detail(
            .authPasswordMissing, "unauthorized: gateway password missing",
            details: GatewayErrorDetails(recommendedNextStep: .updateAuthConfiguration), authKind: authKind)
    }

    /// Admits a device already paired for the role and scopes; otherwise files (or finds)
    /// its pairing request.
    private func pairOrAdmit(
        params: ConnectParams, device: ConnectDevice, acceptance: SimAcceptance, bootstrapToken: String?, now: Int64
    ) -> SimConnectVerdict {
        let role = acceptance.role
        let paired = state.device(device.id)
        if Self.covers(paired?.grants[role], acceptance.scopes) {
            return admit(device: device, acceptance: acceptance, bootstrapToken: bootstrapToken)
        }
        let reason: String
        if paired == nil {
            reason = "not-paired"
        } else if paired?.grants[role] == nil {
            reason = "role-upgrade"
        } else {
            reason = "scope-upgrade"
        }
        let outcome = state.requestPairing(
            deviceId: device.id, publicKey: device.publicKey, role: role, scopes: acceptance.scopes,
            clientId: params.client.id, bootstrapToken: bootstrapToken, now: now)
        switch outcome {
        case .approved:
            return admit(device: device, acceptance: acceptance, bootstrapToken: bootstrapToken)
        case .rejected(let requestId):
            return .refuse(.detail(
                .pairingRejected, "pairing rejected (requestId: \(requestId))", topLevel: GatewayErrorShape.notPairedCode,
                details: GatewayErrorDetails(requestId: requestId, retryable: false, pauseReconnect: true, deviceId: device.id),
                closeReason: "pairing rejected (requestId: \(requestId))", retryable: false, requestId: requestId,
                authKind: acceptance.authKind))
        case .expired(let requestId):
            // Told once; the device's next attempt files a new request.
            return .refuse(.detail(
                .pairingExpired, "pairing request expired (requestId: \(requestId))", topLevel: GatewayErrorShape.notPairedCode,
                details: GatewayErrorDetails(requestId: requestId, retryable: false, pauseReconnect: true, deviceId: device.id),
                closeReason: "pairing request expired (requestId: \(requestId))", retryable: false, requestId: requestId,
                authKind: acceptance.authKind))
        case .pending(let requestId):
            let bootstrap = bootstrapToken != nil
            let details = GatewayErrorDetails(
                reason: reason, requestId: requestId,
                remediationHint: "approve this device on the gateway host: openclaw devices approve \(requestId)",
                retryable: bootstrap, pauseReconnect: !bootstrap, waitForResolution: true, deviceId: device.id,
                recommendedNextStep: bootstrap ? .waitThenRetry : nil)
            return .refuse(.detail(
                .pairingRequired, "pairing required", topLevel: GatewayErrorShape.notPairedCode, details: details,
                closeReason: "pairing required (requestId: \(requestId))", retryable: bootstrap, requestId: requestId,
                authKind: acceptance.authKind))
        }
    }

    /// The acceptance with the device token(s) the device now holds.
    private func admit(device: ConnectDevice, acceptance: SimAcceptance, bootstrapToken: String?) -> SimConnectVerdict {
        var acceptance = acceptance
        guard let paired = state.device(device.id), let grant = paired.grants[acceptance.role] else {
            return .refuse(.detail(.pairingRequired, "pairing required", topLevel: GatewayErrorShape.notPairedCode))
        }
        acceptance.scopes = grant.scopes
        acceptance.deviceToken = grant.token
        if let bootstrapToken {
            acceptance.consumedBootstrapToken = bootstrapToken
            acceptance.otherDeviceTokens = paired.grants.keys.sorted().filter { $0 != acceptance.role }.compactMap { role in
                paired.grants[role].map { IssuedDeviceToken(deviceToken: $0.token, role: role, scopes: $0.scopes) }
            }
        }
        return .accept(acceptance)
    }

    /// True when `grant` exists and holds every requested scope (`.admin` satisfies all,
    /// `.write` implies `.read` and `.talk`).
    static func covers(_ grant: SimRoleGrant?, _ requested: [String]) -> Bool {
        guard let grant else { return false }
        return requested.allSatisfy { scope in
            guard let needed = OperatorScope(rawValue: scope) else { return false }
            return OperatorScope.granted(grant.scopes, satisfy: needed)
        }
    }

    /// The detail codes the typed decoder cannot tell apart: a device block without a
    /// nonce (`DEVICE_AUTH_NONCE_REQUIRED`) or without its other fields (`DEVICE_AUTH_INVALID`).
    static func checkDeviceBlockShape(_ raw: JSONValue?) -> SimRefusal? {
        guard let device = raw?["device"], !device.isNull else { return nil }
        guard case .object = device else {
            return .detail(.deviceAuthInvalid, "device auth invalid: device is not an object")
        }
        if device["nonce"]?.stringValue.map({ $0.isEmpty }) ?? true {
            return .deviceAuth(.nonceRequired)
        }
        for field in ["id", "publicKey", "signature"] where device[field]?.stringValue.map({ $0.isEmpty }) ?? true {
            return .detail(.deviceAuthInvalid, "device auth invalid: device.\(field) is missing")
        }
        guard case .integer(let signedAt)? = device["signedAt"], signedAt >= 0 else {
            return .detail(.deviceAuthInvalid, "device auth invalid: device.signedAt is not an integer")
        }
        return nil
    }
}
