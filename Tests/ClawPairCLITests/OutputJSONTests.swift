import Testing
@testable import ClawPairCLI
@testable import ClawPairKit
@testable import ClawPairWire

/// The JSON shapes of command output (spec/cli.md), which the CLI alone defines: browse's
/// gateway object, probe's report, doctor's report.
@Suite struct OutputJSONTests {
    // MARK: browse, resolve

    static func studio(sources: [DiscoverySource] = [.mdns]) -> DiscoveredGateway {
        DiscoveredGateway(
            instance: "Studio (OpenClaw)", domain: "local", host: "studio.local.", port: 18789, addresses: ["192.168.1.20"],
            interface: "eth0",
            txt: GatewayTXT(pairs: [
                ("role", "gateway"), ("displayName", "Studio"), ("gatewayTls", "1"),
                ("gatewayTlsSha256", String(repeating: "9f", count: 32)), ("lanHost", "studio.local"),
            ]),
            sources: sources)
    }

    @Test func jsonHasExactlyTheSpecKeysInOrder() {
        guard case .object(let members) = Self.studio().json else {
            Issue.record("not an object")
            return
        }
        #expect(
            members.map(\.0) == [
                "id", "instance", "displayName", "domain", "host", "port", "addresses", "interface", "txt", "tls",
                "tlsFingerprint", "tailnetDns", "lanHost", "sources",
            ])
        let json = Self.studio().json
        #expect(json["port"] == 18789)
        #expect(json["tls"] == true)
        #expect(json["tailnetDns"] == JSONValue.null)
        #expect(json["addresses"] == ["192.168.1.20"])
        #expect(json["sources"] == ["mdns"])
        #expect(json["txt"]?["gatewayTls"] == "1")
        #expect(
            json.serialized().hasPrefix(
                #"{"id":"_openclaw-gw._tcp|local.|Studio (OpenClaw)","instance":"Studio (OpenClaw)","displayName":"Studio","domain":"local.","host":"studio.local.","port":18789"#))
    }

    @Test func nullsWhereNothingIsKnown() {
        let bare = DiscoveredGateway(instance: "Box", domain: "openclaw.internal", host: "box.openclaw.internal.", port: 18789, sources: [.unicast])
        let json = bare.json
        #expect(json["interface"] == JSONValue.null)
        #expect(json["tlsFingerprint"] == JSONValue.null)
        #expect(json["lanHost"] == JSONValue.null)
        #expect(json["tls"] == false)
        #expect(json["txt"] == JSONValue.object([]))
        #expect(json["displayName"] == "Box")
    }

    @Test func mergedSourcesAreListedSorted() {
        #expect(Self.studio(sources: [.unicast]).merged(with: Self.studio()).json["sources"] == ["mdns", "unicast"])
    }

    @Test func boolKeysAppearInJSONWithAnEmptyValue() {
        #expect(GatewayTXT(strings: [Array("gatewayTls".utf8), Array("role=gateway".utf8)]).json == ["gatewayTls": "", "role": "gateway"])
    }

    // MARK: probe

    private static func candidate(_ url: String, _ order: Int) -> RouteCandidate {
        RouteCandidate(route: try! GatewayRoute(url: url), source: .setupCode, order: order)
    }

    private static func stage(_ layer: ProbeLayer, _ status: ProbeStage.Status) -> ProbeStage {
        ProbeStage(layer: layer, status: status, milliseconds: 1, detail: [:])
    }

    private static func reached(_ url: String, _ order: Int) -> RouteProbe {
        RouteProbe(candidate: candidate(url, order), stages: [.dns, .tcp, .http, .gateway].map { stage($0, .passed) })
    }

    @Test func jsonHasTheSpecKeys() throws {
        let report = ProbeReport(
            target: "ws://10.0.0.2:18789",
            routes: [
                Self.reached("ws://10.0.0.2:18789", 1),
                RouteProbe(candidate: Self.candidate("ws://10.0.0.1:18789", 0), stages: [Self.stage(.tcp, .pending)]),
            ])
        let json = report.json
        guard case .object(let top) = json else { Issue.record("not an object"); return }
        #expect(top.map(\.0) == ["target", "verdict", "routes"])
        guard case .object(let verdict)? = json["verdict"] else { Issue.record("no verdict"); return }
        #expect(verdict.map(\.0) == ["ok", "route", "layer", "code", "message", "remedy"])
        guard case .array(let routes)? = json["routes"], case .object(let first) = routes[0] else {
            Issue.record("no routes")
            return
        }
        #expect(first.map(\.0) == ["url", "source", "order", "ok", "stages", "failure"])
        // Sorted by order; the pending one first.
        #expect(routes[0]["order"] == 0)
        #expect(routes[0]["ok"] == .null)
        #expect(routes[0]["failure"] == .null)
        guard case .array(let stages)? = routes[0]["stages"], case .object(let stage) = stages[0] else {
            Issue.record("no stages")
            return
        }
        #expect(stage.map(\.0) == ["layer", "ok", "ms", "detail"])
        #expect(stages[0]["ok"] == .null)
        #expect(stages[0]["detail"]?["state"] == "pending")
        #expect(routes[1]["ok"] == true)
        #expect(routes[1]["source"] == "setupCode")
    }

    // MARK: doctor

    static func check(_ id: MachineCheck.ID, _ status: MachineCheck.Status, remedy: String? = nil) -> MachineCheck {
        MachineCheck(id: id, status: status, detail: "\(id) is \(status)", remedy: remedy)
    }

    @Test func jsonShape() {
        let report = MachineReport(checks: [
            Self.check(.dbus, .fail, remedy: "systemctl start dbus"),
            Self.check(.tailscale, .skipped),
        ])
        let expected: JSONValue = [
            "checks": [
                ["id": "dbus", "title": "D-Bus system bus", "status": "fail", "detail": "dbus is fail", "remedy": "systemctl start dbus"],
                ["id": "tailscale", "title": "Tailscale", "status": "skipped", "detail": "tailscale is skipped", "remedy": nil],
            ],
            "ok": false,
        ]
        #expect(report.json == expected)
        #expect(report.json.serialized() == #"{"checks":[{"id":"dbus","title":"D-Bus system bus","status":"fail","detail":"dbus is fail","remedy":"systemctl start dbus"},{"id":"tailscale","title":"Tailscale","status":"skipped","detail":"tailscale is skipped","remedy":null}],"ok":false}"#)
    }

    /// Raw text from the machine stays raw in the value; the JSON writer escapes it.
    @Test func untrustedTextIsKeptRawAndEscapedInJSON() {
        let check = MachineCheck(id: .resolver, status: .ok, detail: "nameserver \u{1B}[31mred")
        #expect(check.detail.contains("\u{1B}"))
        #expect(check.json.serialized().contains("\\u001b"))
    }
}
