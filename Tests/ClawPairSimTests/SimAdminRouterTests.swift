import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// The admin endpoint's routes without sockets: shapes, 404 and 405, body validation.
@Suite struct SimAdminRouterTests {
    func router(_ state: SimState, closed: @escaping @Sendable () async -> Void = {}) -> SimAdminRouter {
        SimAdminRouter(
            state: state,
            mintSetupCode: { request throws(ClawPairError) in
                if request.fingerprint == true { throw ClawPairError(.usage, "no TLS") }
                let minted = state.mintBootstrapToken(now: 1_000, ttlMs: request.ttlMs ?? 600_000, operatorScopes: [])
                return SimSetupCode(text: "code", bootstrapToken: minted.token, expiresAtMs: minted.expiresAtMs)
            },
            closeAllConnections: closed, now: { 1_000 })
    }

    @Test func pendingApproveRejectAndUnknownIds() async {
        let state = SimState(autoApprove: false)
        let outcome = state.requestPairing(
            deviceId: "d1", publicKey: "k1", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 5)
        guard case .pending(let id) = outcome else {
            Issue.record("not pending: \(outcome)")
            return
        }
        let admin = router(state)
        let pending = await admin.handle(method: .get, path: "/pending", body: [])
        #expect(pending.status == 200)
        #expect(pending.body == [["requestId": .string(id), "deviceId": "d1", "role": "node", "scopes": [], "clientId": "test", "createdAtMs": 5]])
        #expect(await admin.handle(method: .post, path: "/approve/nope", body: []).status == 404)
        #expect(await admin.handle(method: .get, path: "/approve/\(id)", body: []).status == 405)
        let approved = await admin.handle(method: .post, path: "/approve/\(id)", body: [])
        #expect(approved.status == 200 && approved.body == ["ok": true])
        #expect(state.device("d1")?.grants["node"] != nil)
        #expect(await admin.handle(method: .post, path: "/reject/\(id)", body: []).status == 404)
        #expect(await admin.handle(method: .get, path: "/nowhere", body: []).status == 404)
    }

    @Test func setupCodeBodiesAreValidated() async {
        let admin = router(SimState(autoApprove: false))
        let plain = await admin.handle(method: .post, path: "/setup-code", body: [])
        #expect(plain.status == 200)
        #expect(plain.body["expiresAtMs"] == .integer(601_000))
        #expect(plain.body["setupCode"] == "code")
        #expect(plain.body["bootstrapToken"]?.stringValue?.isEmpty == false)
        let ttl = await admin.handle(method: .post, path: "/setup-code", body: Array(#"{"ttlMs": 5}"#.utf8))
        #expect(ttl.body["expiresAtMs"] == .integer(1_005))
        for bad in [#"{"ttlMs": -1}"#, #"{"urls": []}"#, #"{"urls": [1]}"#, #"{"fingerprint": "yes"}"#, "[]", "{"] {
            #expect(await admin.handle(method: .post, path: "/setup-code", body: Array(bad.utf8)).status == 400, "\(bad)")
        }
        #expect(await admin.handle(method: .post, path: "/setup-code", body: Array(#"{"fingerprint": true}"#.utf8)).status == 400)
    }

    @Test func faultsArmAndReset() async {
        let state = SimState(autoApprove: false)
        let closes = ClosedCounter()
        let admin = router(state) { await closes.bump() }
        for fault in SimFault.allCases {
            #expect(await admin.handle(method: .post, path: "/fault/\(fault.rawValue)", body: []).status == 200)
            // garbage-frames, oversized-frame and flood act once, at once; the others stay armed.
            #expect(state.isArmed(fault) == !fault.isImmediate, "\(fault)")
        }
        #expect(await closes.count == 1)
        #expect(await admin.handle(method: .post, path: "/fault/reset", body: []).status == 200)
        #expect(SimFault.allCases.allSatisfy { !state.isArmed($0) })
        #expect(await admin.handle(method: .post, path: "/fault/meteor", body: []).status == 404)
    }

    @Test func supersededAndRejectedRequests() {
        let state = SimState(autoApprove: false)
        guard case .pending(let first) = state.requestPairing(
            deviceId: "d", publicKey: "k", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 1),
            case .pending(let same) = state.requestPairing(
                deviceId: "d", publicKey: "k", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 2),
            case .pending(let upgraded) = state.requestPairing(
                deviceId: "d", publicKey: "k", role: "operator", scopes: ["operator.read"], clientId: "test", bootstrapToken: nil,
                now: 3)
        else {
            Issue.record("not pending")
            return
        }
        #expect(first == same)
        #expect(upgraded != first)
        #expect(state.pending(now: 4).map(\.requestId) == [upgraded])
        #expect(state.reject(requestId: upgraded, now: 4))
        let again = state.requestPairing(
            deviceId: "d", publicKey: "k", role: "operator", scopes: ["operator.read"], clientId: "test", bootstrapToken: nil, now: 4)
        #expect(again == .rejected(requestId: upgraded))
    }
}

extension SimAdminRouterTests {
    /// A request unanswered for the pairing TTL leaves `/pending`, cannot be approved, and
    /// is reported once as expired to the same device; its next attempt files a new one.
    @Test func pendingRequestsExpire() {
        let state = SimState(autoApprove: false, pairingTTLMs: 100)
        guard case .pending(let first) = state.requestPairing(
            deviceId: "d", publicKey: "k", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 1_000)
        else {
            Issue.record("not pending")
            return
        }
        #expect(state.pending(now: 1_099).map(\.requestId) == [first])
        #expect(state.pending(now: 1_100).isEmpty)
        #expect(!state.approve(requestId: first, now: 1_100))
        let told = state.requestPairing(
            deviceId: "d", publicKey: "k", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 1_200)
        #expect(told == .expired(requestId: first))
        guard case .pending(let second) = state.requestPairing(
            deviceId: "d", publicKey: "k", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 1_300)
        else {
            Issue.record("not pending again")
            return
        }
        #expect(second != first)
        // Another device's expired request says nothing to this one.
        _ = state.requestPairing(
            deviceId: "e", publicKey: "k2", role: "node", scopes: [], clientId: "test", bootstrapToken: nil, now: 1_300)
        #expect(state.approve(requestId: second, now: 1_350))
        #expect(state.device("d")?.grants["node"] != nil)
    }
}

private actor ClosedCounter {
    var count = 0
    func bump() { count += 1 }
}
