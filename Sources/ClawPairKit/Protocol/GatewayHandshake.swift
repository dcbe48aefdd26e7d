/// The client side of the gateway's connect handshake (spec/gateway-protocol.md,
/// "Sequence"), on a WebSocket whose TLS trust the caller has already established
/// (credentials are sent only after that).
///
/// Waits for `connect.challenge`, sends `connect` for the session kind with the picked auth
/// and a signed device block, and reads `hello-ok`, or turns whatever went wrong into one
/// ``GatewayConnectError``.
public struct GatewayHandshake: Sendable {
    /// 6 s for `connect.challenge`: the gateway sends it right after the upgrade; longer
    /// silence means something other than a gateway answered.
    public static let defaultChallengeTimeout: Duration = .seconds(6)
    /// 30 s for the whole connect: a gateway verifying a signature and looking up a device
    /// answers in milliseconds; this bounds a stalled one.
    public static let defaultConnectTimeout: Duration = .seconds(30)

    public var kind: GatewaySessionKind
    public var identity: DeviceIdentity
    public var credentials: GatewayCredentials
    /// `connect.params.client`; ``client(for:instanceId:displayName:)`` makes the default.
    public var client: ConnectClientInfo
    /// v3 (signs platform and device family); v2 stays available for older gateways.
    public var signatureVersion: DeviceAuthPayload.Version = .v3
    /// The scopes to request; nil asks for the session kind's default (``GatewaySessionKind/scopes``).
    /// Pairing asks for exactly what a setup code's access level or an issued token allows.
    public var scopes: [String]? = nil
    public var caps: [String] = []
    public var commands: [String] = []
    public var permissions: [String: Bool] = [:]
    public var locale: String? = "en-US"
    public var userAgent: String? = "clawpair/\(ClawPairVersion.current)"
    public var challengeTimeout: Duration = defaultChallengeTimeout
    public var connectTimeout: Duration = defaultConnectTimeout
    /// Hears the gateway's error answer to `connect` as sent, before it is classified: the
    /// daemon reads its `pauseReconnect` / `retryable` hints from it.
    public var onRefusal: (@Sendable (GatewayErrorShape) -> Void)? = nil

    public init(
        kind: GatewaySessionKind, identity: DeviceIdentity, credentials: GatewayCredentials, instanceId: String? = nil,
        displayName: String? = nil
    ) {
        self.kind = kind
        self.identity = identity
        self.credentials = credentials
        self.client = Self.client(for: kind, instanceId: instanceId, displayName: displayName)
    }

    /// What clawpair says about itself: a Linux desktop client (`openclaw-linux`, platform
    /// `linux`) in the session kind's mode.
    public static func client(for kind: GatewaySessionKind, instanceId: String?, displayName: String?) -> ConnectClientInfo {
        ConnectClientInfo(
            id: GatewayClientID.linux.rawValue, displayName: displayName, version: ClawPairVersion.current, platform: "linux",
            mode: kind.mode.rawValue, instanceId: instanceId, deviceFamily: "Linux")
    }

    /// The `connect` params for `challenge`, signed.
    public func connectParams(for challenge: ConnectChallenge) throws(ClawPairError) -> ConnectParams {
        let params = ConnectParams(
            minProtocol: kind.minProtocol, maxProtocol: kind.maxProtocol, client: client, caps: caps, commands: commands,
            permissions: permissions, locale: locale, userAgent: userAgent, role: kind.role.rawValue,
            scopes: scopes ?? kind.scopes.map(\.rawValue), auth: credentials.connectAuth, device: nil)
        return try identity.signing(params, challenge: challenge, version: signatureVersion)
    }

    /// Runs the handshake on `websocket`. On failure the WebSocket is closed. `commandDeadline`,
    /// the bound of the command the handshake is part of (`pair --wait`), ends it sooner than
    /// its own timeouts would.
    public func perform(
        on websocket: WebSocketClient, within commandDeadline: CommandDeadline? = nil
    ) async throws(GatewayConnectError) -> GatewayHello {
        let start = ContinuousClock.now
        let deadline = CommandDeadline.end(of: connectTimeout, within: commandDeadline)
        let reader = HandshakeReader(websocket: websocket, onRefusal: onRefusal)
        do throws(GatewayConnectError) {
            let challenge = try await reader.challenge(until: min(deadline, start + challengeTimeout))
            let params: ConnectParams
            do { params = try connectParams(for: challenge) } catch { throw GatewayConnectError.protocolViolation(message: error.message) }
            let request = params.request(id: GatewayRequestCorrelator.randomPrefix() + "-connect")
            let text = GatewayFrame.request(request).encoded()
            guard text.utf8.count <= GatewayFrame.preAuthMaximumBytes else {
                throw GatewayConnectError.protocolViolation(
                    message: "the connect frame is \(text.utf8.count) bytes, over the gateway's 64 KiB pre-auth limit")
            }
            do { try await websocket.send(text: text) } catch { throw GatewayConnectError(transport: error, during: "sending connect") }
            let hello = try await reader.hello(for: request.id, until: deadline)
            guard (params.minProtocol...params.maxProtocol).contains(hello.protocolVersion) else {
                throw GatewayConnectError.protocolMismatch(
                    message: "the gateway chose protocol \(hello.protocolVersion), outside \(params.minProtocol)–\(params.maxProtocol)")
            }
            return GatewayHello(hello: hello, params: params, signatureVersion: signatureVersion, connectedAt: ContinuousClock.now)
        } catch {
            await reader.closeAfterFailure(error)
            throw error
        }
    }
}

/// Reads the handshake's frames, holding the gateway to the pre-auth size limit.
private struct HandshakeReader {
    let websocket: WebSocketClient
    let onRefusal: (@Sendable (GatewayErrorShape) -> Void)?

    /// The next frame, or the error the end of the connection means.
    func nextFrame(until deadline: ContinuousClock.Instant, waitingFor what: String) async throws(GatewayConnectError) -> GatewayFrame {
        let message: WebSocketMessage
        do {
            message = try await websocket.receive(until: deadline)
        } catch let error as NetworkError where error.code == .timedOut {
            throw what == "challenge"
                ? .noChallenge(message: "no connect.challenge from the gateway in time")
                : .timedOut(message: "the gateway did not answer connect in time")
        } catch {
            throw GatewayConnectError(transport: error, during: "waiting for the \(what)")
        }
        switch message {
        case .text(let text):
            guard text.utf8.count <= GatewayFrame.preAuthMaximumBytes else {
                throw .protocolViolation(
                    message: "a \(text.utf8.count)-byte frame before authentication (the limit is \(GatewayFrame.preAuthMaximumBytes))")
            }
            do { return try GatewayFrame(decoding: text) } catch { throw .protocolViolation(message: error.message) }
        case .binary(let bytes):
            throw .protocolViolation(message: "a \(bytes.count)-byte binary message; the gateway speaks JSON text frames")
        case .close(let payload):
            throw GatewayConnectError(closedWith: payload)
        case .ping, .pong:
            throw .protocolViolation(message: "unexpected control frame")  // never delivered by WebSocketClient
        }
    }

    /// The first `connect.challenge`; other events before it are skipped.
    func challenge(until deadline: ContinuousClock.Instant) async throws(GatewayConnectError) -> ConnectChallenge {
        while true {
            let frame = try await nextFrame(until: deadline, waitingFor: "challenge")
            guard case .event(let event) = frame else {
                throw .protocolViolation(message: "the gateway sent a \(frame.kind) before connect.challenge")
            }
            do {
                if let challenge = try ConnectChallenge(event: event) { return challenge }
            } catch {
                throw .protocolViolation(message: "bad connect.challenge: \(error.message)")
            }
        }
    }

    /// The answer to the `connect` request `id`: hello-ok, or the refusal. A refusal that
    /// is followed by a 1008 close is reported by the refusal, which says more.
    func hello(for id: String, until deadline: ContinuousClock.Instant) async throws(GatewayConnectError) -> HelloOk {
        while true {
            let frame = try await nextFrame(until: deadline, waitingFor: "connect response")
            switch frame {
            case .response(let response) where response.id == id:
                switch response.outcome {
                case .ok(let payload):
                    do { return try HelloOk(payload: payload) } catch { throw .protocolViolation(message: error.message) }
                case .error(let shape):
                    onRefusal?(shape)
                    throw GatewayConnectError(shape)
                }
            case .response(let response):
                throw .protocolViolation(message: "a response to an unknown request \(response.id.prefix(40))")
            case .event:
                continue  // Ticks or a second challenge before the answer: not ours to act on.
            case .request:
                throw .protocolViolation(message: "the gateway sent a request before hello-ok")
            }
        }
    }

    /// Ends the connection after a failed handshake, telling the gateway why when it matters.
    func closeAfterFailure(_ error: GatewayConnectError) async {
        // Bounded by the grace: a gateway that failed the handshake gets no longer to say goodbye.
        let until = ContinuousClock.now + CommandDeadline.closeGrace
        switch error {
        case .protocolViolation:
            await websocket.close(code: .protocolError, reason: "protocol error", until: until)
        default:
            await websocket.close(code: .normalClosure, until: until)
        }
    }
}

extension GatewayConnectError {
    /// A transport failure during the handshake: a lost connection, a WebSocket protocol
    /// violation (an oversized message among them), or a misuse.
    init(transport error: any Error, during step: String) {
        switch error {
        case let error as GatewayConnectError: self = error
        case let error as WebSocketProtocolError:
            self = .protocolViolation(message: "WebSocket protocol error while \(step): \(error)")
        case let error as NetworkError:
            self = .connectionFailed(ClawPairError(.gatewayClosed, "the connection failed while \(step): \(error)"))
        case let error as ClawPairError: self = .connectionFailed(error)
        default:
            self = .connectionFailed(ClawPairError(.gatewayClosed, "the connection failed while \(step): \(error)"))
        }
    }
}
