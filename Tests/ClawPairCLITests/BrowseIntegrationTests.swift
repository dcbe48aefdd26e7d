import Foundation
import Testing
import ClawPairKit

/// `clawpair browse`/`resolve` on lab hosts: real avahi-daemons, real avahi-publish, real
/// dnsmasq, the real binary. One lab for the suite: building hosts costs about a second.
@Suite(.serialized) struct BrowseIntegrationTests {
    static let zone = """
        $TTL 60
        @ IN SOA ns1 hostmaster 1 7200 3600 1209600 60
        @ IN NS ns1
        ns1 IN A GW1
        gw1 IN A GW1
        _openclaw-gw._tcp IN PTR gw1-gateway._openclaw-gw._tcp
        gw1-gateway._openclaw-gw._tcp IN SRV 0 0 18789 gw1
        gw1-gateway._openclaw-gw._tcp IN TXT "displayName=Studio" "role=gateway" "transport=gateway" "gatewayPort=18789" "tailnetDns=gw1.tail1234.ts.net"
        """

    private func gateways(_ json: String) throws -> [JSONValue] {
        guard case .array(let list) = try JSONParser.parse(json) else { throw LabHosts.Failure(description: "not an array: \(json)") }
        return list
    }

    @Test func browsesResolvesWatchesAndMerges() throws {
        if let reason = LabHosts.unavailableReason {
            Issue.record(Comment(rawValue: reason))
            return
        }
        let lab = try LabHosts(hosts: ["gw1", "gw2", "gw3:no-ula", "client"])
        defer { lab.down() }
        let clawpair = LabHosts.clawpair
        try lab.spawn("gw1", "pub", [
            "avahi-publish", "-s", "Studio (OpenClaw)", "_openclaw-gw._tcp", "18789", "role=gateway", "transport=gateway",
            "gatewayPort=18789", "displayName=Studio", "lanHost=gw1.local", "gatewayTls=1",
            "gatewayTlsSha256=AB:CD:" + String(repeating: "ef", count: 30),
        ])
        try lab.spawn("gw2", "pub", ["avahi-publish", "-s", "Küche GW", "_openclaw-gw._tcp", "18790", "role=gateway", "displayName=Küche"])
        try lab.waitLog("gw1", "pub", "Established")
        // The same name again, once gw1 holds it: Avahi renames the newcomer.
        try lab.spawn("gw3", "pub", ["avahi-publish", "-s", "Studio (OpenClaw)", "_openclaw-gw._tcp", "18789", "role=gateway"])
        for host in ["gw2", "gw3"] { try lab.waitLog(host, "pub", "Established") }

        // One-shot browse: both names, parsed TXT, addresses, link-local with its zone, ids.
        let browse = try lab.exec("client", [clawpair, "browse", "--json", "--require"])
        #expect(browse.status == 0, "\(browse.stderr)")
        let found = try gateways(browse.stdout)
        let byInstance = Dictionary(found.map { ($0["instance"]?.stringValue ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(Set(byInstance.keys) == ["Studio (OpenClaw)", "Küche GW", "Studio (OpenClaw) #2"])
        let studio = try #require(byInstance["Studio (OpenClaw)"])
        #expect(studio["id"] == "_openclaw-gw._tcp|local.|Studio (OpenClaw)")
        #expect(studio["displayName"] == "Studio")
        #expect(studio["port"] == 18789)
        #expect(studio["tls"] == true)
        #expect(studio["tlsFingerprint"] == .string("abcd" + String(repeating: "ef", count: 30)))
        #expect(studio["lanHost"] == "gw1.local")
        #expect(studio["txt"]?["role"] == "gateway")
        #expect(studio["sources"] == ["mdns"])
        let gw1IPv4 = try lab.address("gw1")
        #expect(studio["addresses"]?.containsString(gw1IPv4) == true)
        #expect(studio["addresses"]?.containsString(try lab.address("gw1", "6")) == true)
        let kueche = try #require(byInstance["Küche GW"])
        #expect(kueche["id"] == "_openclaw-gw._tcp|local.|Küche GW")
        let renamed = try #require(byInstance["Studio (OpenClaw) #2"])
        guard case .array(let linkLocal)? = renamed["addresses"] else { Issue.record("no addresses"); return }
        #expect(linkLocal.contains { $0.stringValue?.hasPrefix("fe80:") == true && $0.stringValue?.hasSuffix("%eth0") == true })

        // --home, here before the command name with --json: the same gateways, and what the
        // browse remembers goes to that directory.
        let otherHome = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-browse-home-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: otherHome) }
        let homeBrowse = try lab.exec("client", [clawpair, "--home", otherHome, "--json", "browse", "--require"])
        #expect(homeBrowse.status == 0, "\(homeBrowse.stderr)")
        #expect(Set(try gateways(homeBrowse.stdout).compactMap { $0["instance"]?.stringValue }) == Set(byInstance.keys))
        let rememberedThere = try JSONParser.parse(String(contentsOfFile: otherHome + "/" + MDNSRecentInstances.fileName, encoding: .utf8))
        guard case .array(let rememberedNames) = rememberedThere else { Issue.record("not remembered in --home: \(rememberedThere)"); return }
        #expect(Set(rememberedNames.compactMap { $0["name"]?.stringValue }) == Set(byInstance.keys))

        // Human table escapes and lists them.
        let table = try lab.exec("client", [clawpair, "browse"])
        #expect(table.stdout.contains("Küche") && table.stdout.contains("HOST:PORT"))

        // resolve by decoded name, case and spacing aside; unknown → 1.
        let resolved = try lab.exec("client", [clawpair, "resolve", "küche  gw", "--json"])
        #expect(resolved.status == 0)
        #expect(try JSONParser.parse(resolved.stdout)["port"] == 18790)
        #expect(try lab.exec("client", [clawpair, "resolve", "Nobody", "--timeout", "1"]).status == 1)

        // Unicast from dnsmasq, and the same gateway seen both ways is one entry.
        try lab.serveZone("gw1", origin: "openclaw.internal.", zone: Self.zone.replacingOccurrences(of: "GW1", with: gw1IPv4))
        let unicast = try lab.exec("client", [clawpair, "browse", "--json", "--domain", "openclaw.internal", "--dns", gw1IPv4])
        #expect(unicast.status == 0, "\(unicast.stderr)")
        let wideArea = try gateways(unicast.stdout)
        #expect(wideArea.count == 1)
        #expect(wideArea.first?["id"] == "_openclaw-gw._tcp|openclaw.internal.|gw1-gateway")
        #expect(wideArea.first?["host"] == "gw1.openclaw.internal.")
        #expect(wideArea.first?["tailnetDns"] == "gw1.tail1234.ts.net")
        #expect(wideArea.first?["sources"] == ["unicast"])
        let both = try lab.exec("client", [clawpair, "browse", "--json", "--domain", "local", "--domain", "openclaw.internal", "--dns", gw1IPv4])
        let merged = try gateways(both.stdout)
        #expect(merged.count == 3)
        #expect(merged.contains { $0["instance"] == "Studio (OpenClaw)" && $0["sources"] == ["mdns", "unicast"] })

        // No D-Bus/avahi reachable (an empty /run): exit 7, unicast still reported.
        let noDaemon = try lab.exec("client", [
            "unshare", "-m", "sh", "-c",
            "mount -t tmpfs tmpfs /run && exec \(clawpair) browse --json --domain local --domain openclaw.internal --dns \(gw1IPv4)",
        ])
        #expect(noDaemon.status == 7)
        let report = try JSONParser.parse(noDaemon.stdout)
        #expect(report["error"]?["code"] == "MDNS_UNAVAILABLE")
        #expect(report["error"]?["remedy"]?.stringValue?.contains("avahi-daemon") == true)
        #expect(report["gateways"]?.arrayCount == 1)

        // The browses remembered the instances they announced. A remembered instance that is
        // gone is resolved ahead of the browse in vain and never reported.
        let recentFile = LabHosts.stateDirectory + "/" + MDNSRecentInstances.fileName
        guard case .array(var remembered) = try JSONParser.parse(String(contentsOfFile: recentFile, encoding: .utf8)),
            let first = remembered.first
        else { Issue.record("nothing remembered"); return }
        #expect(Set(remembered.compactMap { $0["name"]?.stringValue }) == ["Studio (OpenClaw)", "Küche GW", "Studio (OpenClaw) #2"])
        remembered.insert(
            .object([("name", "Gone GW"), ("type", first["type"] ?? nil), ("domain", first["domain"] ?? nil), ("interface", first["interface"] ?? nil)]),
            at: 0)
        try JSONValue.array(remembered).serialized().write(toFile: recentFile, atomically: true, encoding: .utf8)
        let again = try gateways(try lab.exec("client", [clawpair, "browse", "--json"]).stdout)
        #expect(Set(again.compactMap { $0["instance"]?.stringValue }) == ["Studio (OpenClaw)", "Küche GW", "Studio (OpenClaw) #2"])
        // …and forgotten, so it costs the next browse nothing.
        guard case .array(let afterwards) = try JSONParser.parse(String(contentsOfFile: recentFile, encoding: .utf8)) else {
            Issue.record("the recent instances are gone")
            return
        }
        #expect(Set(afterwards.compactMap { $0["name"]?.stringValue }) == ["Studio (OpenClaw)", "Küche GW", "Studio (OpenClaw) #2"])

        // --watch: additions, then the removal when a publisher stops; SIGTERM ends it with 0.
        // The shell reports the watcher's pid and exit status; the watcher is ended by that pid.
        try lab.spawn("client", "watch", ["sh", "-c", "\(clawpair) browse --watch & child=$!; echo child=$child; wait $child; echo exit=$?"])
        try lab.waitLog("client", "watch", "\"event\":\"added\".*Küche GW")
        try lab.kill("gw2", "pub")
        try lab.waitLog("client", "watch", "\"event\":\"removed\".*Küche GW")
        let childLine = try #require(try lab.log("client", "watch").split(separator: "\n").first { $0.hasPrefix("child=") })
        let child = try #require(pid_t(childLine.dropFirst("child=".count)))
        #expect(kill(child, SIGTERM) == 0)
        do {
            try lab.waitLog("client", "watch", "exit=0")
        } catch {
            Issue.record("watch did not exit 0 on SIGTERM: \(try lab.log("client", "watch").suffix(400))")
        }
        for line in try lab.log("client", "watch").split(separator: "\n") where line.hasPrefix("{") {
            let event = try JSONParser.parse(String(line))
            #expect(["added", "updated", "removed"].contains(event["event"]?.stringValue ?? ""))
            #expect(event["gateway"]?["id"] != nil)
        }

        // What NAME shows is what resolve and probe accept (issue 15 §3): a display name, a
        // one-word name, with probe's --domain and --dns; a name two gateways share is
        // REGISTRY_AMBIGUOUS, never a guess. A home of their own: the recent list stays as is.
        func firstRoute(_ stdout: String) throws -> JSONValue? {
            guard case .array(let routes)? = try JSONParser.parse(stdout)["routes"] else { return nil }
            return routes.first
        }
        try lab.spawn("gw2", "again", ["avahi-publish", "-s", "Küche GW", "_openclaw-gw._tcp", "18790", "role=gateway", "displayName=Küche"])
        try lab.waitLog("gw2", "again", "Established")
        let byDisplayName = try lab.exec("client", [clawpair, "resolve", "Küche", "--json", "--home", otherHome])
        #expect(byDisplayName.status == 0, "\(byDisplayName.stderr)")
        #expect(try JSONParser.parse(byDisplayName.stdout)["port"] == 18790)
        let oneWord = try lab.exec("client", [clawpair, "probe", "küche", "--json", "--timeout", "1", "--home", otherHome])
        #expect(try firstRoute(oneWord.stdout)?["source"] == "discovery", "\(oneWord.stdout)")
        #expect(try firstRoute(oneWord.stdout)?["url"]?.stringValue?.hasSuffix(":18790") == true)
        let wideAreaProbe = try lab.exec(
            "client", [clawpair, "probe", "Studio", "--domain", "openclaw.internal", "--dns", gw1IPv4, "--json", "--timeout", "1", "--home", otherHome])
        #expect(try firstRoute(wideAreaProbe.stdout)?["url"]?.stringValue == "ws://\(gw1IPv4):18789", "\(wideAreaProbe.stdout)")
        try lab.spawn("gw2", "twin", ["avahi-publish", "-s", "Back Room", "_openclaw-gw._tcp", "18791", "role=gateway", "displayName=Küche"])
        try lab.waitLog("gw2", "twin", "Established")
        for command in [["resolve", "Küche"], ["probe", "Küche"]] {
            let result = try lab.exec("client", [clawpair] + command + ["--json", "--home", otherHome])
            #expect(result.status == 3, "\(command): \(result.stdout)")
            let error = try JSONParser.parse(result.stdout)["error"]
            #expect(error?["code"] == "REGISTRY_AMBIGUOUS")
            #expect(error?["message"]?.stringValue?.contains("Back Room") == true && error?["message"]?.stringValue?.contains("Küche GW") == true)
        }
    }
}

extension JSONValue {
    func containsString(_ text: String) -> Bool {
        guard case .array(let values) = self else { return false }
        return values.contains { $0.stringValue == text }
    }

    var arrayCount: Int? {
        guard case .array(let values) = self else { return nil }
        return values.count
    }
}
