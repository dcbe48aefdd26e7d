import Testing

@testable import ClawPairKit

/// What the registry asks the daemon for, the inputs of each session, and what a change of
/// the registry restarts.
@Suite struct DesiredSessionsTests {
    static func record(_ host: String, focused: Bool = false, bolted: Bool = false, pinned: Bool = false) throws -> GatewayRecord {
        var entry = GatewayEntry.manual(route: try GatewayRoute(host: host, port: 443, tls: true))
        entry.provenRoute = "wss://\(host):443"
        return GatewayRecord(
            entry: entry, focused: focused, bolted: bolted || focused,
            pin: pinned ? CertificateFingerprint(normalizing: String(repeating: "ab", count: 32)) : nil, pinnedAtMs: nil,
            deviceTokens: [
                DeviceToken(role: "node", token: Secret("node-\(host)"), scopes: [], issuedAtMs: 1),
                DeviceToken(role: "operator", token: Secret("op-\(host)"), scopes: ["operator.admin", "operator.read"], issuedAtMs: 1),
            ],
            credentials: GatewaySecrets(customHeaders: [CustomHeader(name: "CF-Access-Client-Id", value: Secret("client-\(host)"))]),
            preferences: [:])
    }

    @Test func focusedGetsNodeAndOperatorBoltedGetOneFleetOperator() throws {
        let records = [try Self.record("a.example", focused: true), try Self.record("b.example", bolted: true), try Self.record("c.example")]
        let sessions = DesiredSessions.from(records)
        let a = records[0].entry.id, b = records[1].entry.id
        #expect(Set(sessions.keys) == [
            DaemonSessionKey(gateway: a, kind: .node), DaemonSessionKey(gateway: a, kind: .operator),
            DaemonSessionKey(gateway: b, kind: .operator),
        ])
        #expect(sessions[DaemonSessionKey(gateway: a, kind: .node)]?.scopes == [])
        #expect(sessions[DaemonSessionKey(gateway: a, kind: .operator)]?.scopes == ["operator.admin", "operator.read"])
        #expect(sessions[DaemonSessionKey(gateway: b, kind: .operator)]?.scopes == ["operator.read", "operator.write", "operator.talk.secrets"])
        // Each role sends its own device token.
        #expect(sessions[DaemonSessionKey(gateway: a, kind: .node)]?.credentials.storedDeviceToken == Secret("node-a.example"))
        #expect(sessions[DaemonSessionKey(gateway: b, kind: .operator)]?.credentials.storedDeviceToken == Secret("op-b.example"))
    }

    @Test func theCustomHeadersGoOnTheUpgrade() throws {
        let inputs = SessionInputs(record: try Self.record("a.example", focused: true), kind: .operator, focused: true)
        let sent = inputs.requestHeaders(nowMs: 0).headers(for: try #require(inputs.routes.first).url)
        #expect(sent.headers == HTTPHeaders([(name: "CF-Access-Client-Id", value: "client-a.example")]))
    }

    @Test func theRoutesAccessSessionIsAnInputAndItsTokenGoesOnTheUpgrade() throws {
        let record = try Self.record("a.example", focused: true)
        let route = try #require(SessionInputs(record: record, kind: .operator, focused: true).routes.first)
        let origin = try #require(AccessOrigin(url: route.url)).description
        let session = AccessSession(origin: origin, token: Secret("jwt-1"), subject: "user", expiresAtMs: 2_000)
        let other = AccessSession(origin: "https://other.example", token: Secret("jwt-x"), subject: "user", expiresAtMs: 2_000)
        let inputs = SessionInputs(record: record, kind: .operator, focused: true, accessSessions: [session, other])
        #expect(inputs.accessSessions == [session])
        #expect(inputs.requestHeaders(nowMs: 1_000).headers(for: route.url).headers.first(name: "Cf-Access-Token") == "jwt-1")
        #expect(inputs.requestHeaders(nowMs: 3_000).headers(for: route.url).expiredSession == session)
        // A new sign-in is a changed input: the paused session starts again with it.
        var renewed = session
        renewed.token = Secret("jwt-2")
        let after = SessionInputs(record: record, kind: .operator, focused: true, accessSessions: [renewed])
        #expect(after != inputs)
        var elsewhere = renewed
        elsewhere.origin = "https://x.example"
        let unrelated = SessionInputs(record: record, kind: .operator, focused: true, accessSessions: [session, elsewhere])
        #expect(unrelated == inputs)
    }

    @Test func thePinHoldsOnTheProvenRouteAndMakesItATrustedEndpoint() throws {
        let pinned = SessionInputs(record: try Self.record("a.example", bolted: true, pinned: true), kind: .operator, focused: false)
        let route = try #require(pinned.routes.first)
        #expect(pinned.pin(for: route) != nil)
        #expect(pinned.isTrustedEndpoint(route))
        let unpinned = SessionInputs(record: try Self.record("a.example", bolted: true), kind: .operator, focused: false)
        #expect(unpinned.pin(for: route) == nil)
        #expect(!unpinned.isTrustedEndpoint(route))
    }

    @Test func onlyChangedInputsRestart() throws {
        let before = DesiredSessions.from([try Self.record("a.example", focused: true), try Self.record("b.example", bolted: true)])
        // Focus moves to b: a loses its node session, keeps an operator (now fleet scopes:
        // restarted), b gains a node and its operator changes scopes.
        let after = DesiredSessions.from([try Self.record("a.example", bolted: true), try Self.record("b.example", focused: true)])
        let changes = DesiredSessions.changes(running: before, desired: after)
        let a = try Self.record("a.example").entry.id, b = try Self.record("b.example").entry.id
        #expect(changes.stop == [DaemonSessionKey(gateway: a, kind: .node)])
        #expect(changes.start == [DaemonSessionKey(gateway: b, kind: .node)])
        #expect(Set(changes.restart) == [DaemonSessionKey(gateway: a, kind: .operator), DaemonSessionKey(gateway: b, kind: .operator)])
        // An unrelated change (a third gateway added idle) changes nothing.
        let unrelated = DesiredSessions.from([
            try Self.record("a.example", bolted: true), try Self.record("b.example", focused: true), try Self.record("c.example"),
        ])
        #expect(DesiredSessions.changes(running: after, desired: unrelated) == DesiredSessions.Changes())
        // A new pin restarts that gateway's session only.
        let trusted = DesiredSessions.from([try Self.record("a.example", bolted: true, pinned: true), try Self.record("b.example", focused: true)])
        #expect(DesiredSessions.changes(running: after, desired: trusted).restart == [DaemonSessionKey(gateway: a, kind: .operator)])
    }
}

/// What the gateway's answer to the presence beacon means (spec/registry.md "Presence").
@Suite struct PresenceBeaconTests {
    @Test func onlyHandledTrueCountsAsRecorded() {
        #expect(PresenceOutcome(answer: ["ok": true, "event": "node.presence.alive", "handled": true, "reason": "persisted"], atMs: 1).state == .recorded)
        #expect(PresenceOutcome(answer: ["ok": true, "handled": false, "reason": "device-not-paired"], atMs: 1).state == .notRecorded)
        #expect(PresenceOutcome(answer: ["ok": true], atMs: 1).state == .acknowledged)
        #expect(PresenceOutcome(answer: nil, atMs: 1).state == .failed)
    }

    @Test func theParamsCarryTheSpecsPayload() throws {
        let params = PresenceBeacon.params(sentAtMs: 1_800_000_000_000, displayName: "desk")
        #expect(params["event"] == "node.presence.alive")
        let payload = try JSONParser.parse(try #require(params["payloadJSON"]?.stringValue))
        #expect(payload["trigger"] == "connect")
        #expect(payload["sentAtMs"] == .integer(1_800_000_000_000))
        for key in ["displayName", "version", "platform", "deviceFamily", "modelIdentifier", "pushTransport"] {
            #expect(payload[key] != nil, "\(key)")
        }
    }

    @Test func oneSuccessPerTenMinutes() {
        #expect(PresenceBeacon.isDue(lastSuccessMs: nil, nowMs: 5))
        #expect(!PresenceBeacon.isDue(lastSuccessMs: 1_000, nowMs: 1_000 + 599_999))
        #expect(PresenceBeacon.isDue(lastSuccessMs: 1_000, nowMs: 1_000 + 600_000))
    }
}
