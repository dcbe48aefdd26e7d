import ClawPairKit

/// The admin endpoint's routes (spec/cli.md `sim`), JSON in and out, apart from the HTTP
/// server that carries them so they can be tested without sockets.
struct SimAdminRouter: Sendable {
    let state: SimState
    /// Mints a setup code for `POST /setup-code`.
    let mintSetupCode: @Sendable (SimSetupCodeRequest) throws(ClawPairError) -> SimSetupCode
    /// Closes every open WebSocket with 1008 (the `close-1008` fault's immediate part).
    let closeAllConnections: @Sendable () async -> Void
    /// Closes the sessions of a revoked device with 1008.
    var closeDeviceSessions: @Sendable (String) async -> Void = { _ in }
    /// Does what an immediate fault does to every authenticated session.
    var actOnSessions: @Sendable (SimFault) async -> Void = { _ in }
    /// Unix ms, for pruning expired pairing requests.
    var now: @Sendable () -> Int64 = { WallClock.nowMs() }

    struct Response: Sendable {
        var status: Int
        var body: JSONValue
    }

    func handle(method: HTTPMethod, path: Substring, body: [UInt8]) async -> Response {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch (method, parts.first, parts.count) {
        case (.post, "setup-code", 1):
            return setupCode(body)
        case (.get, "pending", 1):
            return Response(status: 200, body: .array(state.pending(now: now()).map(\.json)))
        case (.post, "approve", 2):
            return state.approve(requestId: String(parts[1]), now: now()) ? ok : notFound("no pending request \(parts[1].prefix(64))")
        case (.post, "reject", 2):
            return state.reject(requestId: String(parts[1]), now: now()) ? ok : notFound("no pending request \(parts[1].prefix(64))")
        case (.post, "revoke", 2):
            let deviceId = String(parts[1])
            guard state.revoke(deviceId: deviceId) else { return notFound("no paired device \(deviceId.prefix(64))") }
            await closeDeviceSessions(deviceId)
            return ok
        case (.get, "devices", 1):
            return Response(status: 200, body: .array(state.pairedDevices.map(\.json)))
        case (.get, "presence", 1):
            return Response(status: 200, body: .array(state.presenceEvents.map(\.json)))
        case (.get, "ended", 1):
            return Response(status: 200, body: .array(state.endedSessions.map(\.json)))
        case (.get, "connections", 1):
            return Response(status: 200, body: .array(state.sessions.map(\.json)))
        case (.get, "attempts", 1):
            return Response(status: 200, body: .array(state.attempts.map(\.json)))
        case (.post, "fault", 2):
            let name = String(parts[1])
            if name == "reset" {
                state.resetFaults()
                return ok
            }
            guard let fault = SimFault(rawValue: name) else { return notFound("no fault \(name.prefix(64))") }
            if fault.isImmediate {
                await actOnSessions(fault)
                return ok
            }
            state.arm(fault)
            if fault == .close1008 { await closeAllConnections() }
            return ok
        case (_, "setup-code", 1), (_, "pending", 1), (_, "approve", 2), (_, "reject", 2), (_, "connections", 1),
            (_, "attempts", 1), (_, "fault", 2), (_, "revoke", 2), (_, "devices", 1), (_, "presence", 1), (_, "ended", 1):
            return Self.error(405, SimAdminErrorCode.methodNotAllowed, "\(method) is not allowed on \(path)")
        default:
            return notFound("no route \(path.prefix(64))")
        }
    }

    private var ok: Response { Response(status: 200, body: ["ok": true]) }

    private func notFound(_ message: String) -> Response { Self.error(404, SimAdminErrorCode.notFound, message) }

    static func error(_ status: Int, _ code: String, _ message: String) -> Response {
        Response(status: status, body: ["error": ["code": .string(code), "message": .string(message)]])
    }

    private func setupCode(_ body: [UInt8]) -> Response {
        let request: SimSetupCodeRequest
        do {
            request = try SimSetupCodeRequest(body: body)
        } catch {
            return Self.error(400, SimAdminErrorCode.badRequest, error.message)
        }
        do {
            let code = try mintSetupCode(request)
            return Response(
                status: 200,
                body: [
                    "setupCode": .string(code.text), "bootstrapToken": .string(code.bootstrapToken.revealed),
                    "expiresAtMs": .integer(code.expiresAtMs),
                ])
        } catch {
            return Self.error(400, error.code.rawValue, error.message)
        }
    }
}

/// The optional body of `POST /setup-code`: `{"urls":[…], "ttlMs":N, "fingerprint":true}`.
struct SimSetupCodeRequest: Sendable, Hashable {
    var urls: [String]?
    var ttlMs: Int64?
    var fingerprint: Bool?

    init(urls: [String]? = nil, ttlMs: Int64? = nil, fingerprint: Bool? = nil) {
        self.urls = urls
        self.ttlMs = ttlMs
        self.fingerprint = fingerprint
    }

    init(body: [UInt8]) throws(ClawPairError) {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return }
        let json: JSONValue
        do { json = try JSONParser.parse(body) } catch { throw ClawPairError(.usage, "the body is not JSON: \(error)") }
        guard case .object = json else { throw ClawPairError(.usage, "the body is not a JSON object") }
        if let value = json["urls"] {
            guard case .array(let elements) = value, (1...8).contains(elements.count) else {
                throw ClawPairError(.usage, "urls must be an array of 1–8 strings")
            }
            var urls: [String] = []
            for element in elements {
                guard let url = element.stringValue else { throw ClawPairError(.usage, "urls must hold strings") }
                urls.append(url)
            }
            self.urls = urls
        }
        if let value = json["ttlMs"] {
            guard case .integer(let ms) = value, ms >= 0 else { throw ClawPairError(.usage, "ttlMs must be an integer ≥ 0") }
            ttlMs = ms
        }
        if let value = json["fingerprint"] {
            guard case .bool(let flag) = value else { throw ClawPairError(.usage, "fingerprint must be a boolean") }
            fingerprint = flag
        }
    }
}

/// A setup code the sim minted.
public struct SimSetupCode: Sendable, Hashable {
    /// The code (base64url JSON), as printed and put in the QR.
    public var text: String
    public var bootstrapToken: Secret
    public var expiresAtMs: Int64
}
