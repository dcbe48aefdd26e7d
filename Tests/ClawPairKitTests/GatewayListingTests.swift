import Foundation
import Testing
@testable import ClawPairKit

/// ``GatewayRegistry/listing()`` (the flat rows `gateways list` prints) against
/// ``GatewayRegistry/list()``, and the hash table behind it. The hostile-text comparison of
/// the rendered bytes is in the CLI tests (GatewaysListRenderingTests).
@Suite struct GatewayListingTests {
    typealias Home = GatewayRegistryTests.Home

    static func same(_ listing: GatewayListing, _ summaries: [GatewaySummary]) -> Bool {
        guard listing.rows.count == summaries.count else { return false }
        return zip(listing.rows, summaries).allSatisfy { row, summary in
            Array(listing.bytes(row.id)) == Array(summary.entry.id.rawValue.utf8) && Array(listing.bytes(row.name)) == Array(summary.entry.name.utf8)
                && row.url.map { Array(listing.bytes($0)) } == summary.entry.displayURL.map { Array($0.utf8) } && row.kind == summary.entry.kind
                && row.focused == summary.focused && row.bolted == summary.bolted && row.pinned == summary.pinned && row.paired == summary.paired
                && row.access == summary.access && row.lastConnectedAtMs == summary.entry.lastConnectedAtMs
        }
    }

    @Test func stateBelongsToTheExactBytesOfAnId() throws {
        let registry = try Home().open()
        let composed = GatewayID.discovered(domain: "local.", instanceName: "Caf\u{E9}")
        let decomposed = GatewayID.discovered(domain: "local.", instanceName: "Cafe\u{301}")
        for id in [composed, decomposed] { try registry.upsert(GatewayEntry(id: id, kind: .discovered, name: id.rawValue)) }
        try registry.trust(decomposed, pin: GatewayRegistryTests.pinA)
        try registry.focus(decomposed)
        let listing = try registry.listing()
        #expect(listing.rows.map { Array(listing.bytes($0.id)) } == [Array(decomposed.rawValue.utf8), Array(composed.rawValue.utf8)])
        #expect(listing.rows.map(\.focused) == [true, false] && listing.rows.map(\.bolted) == [true, false])
        #expect(listing.rows.map(\.pinned) == [true, false])
        #expect(Self.same(listing, try registry.list()))
    }

    @Test func accessComesFromTheOperatorTokensScopesOnly() throws {
        let registry = try Home().open()
        let cases: [(String, [DeviceToken], AccessLevel?)] = [
            ("full", [DeviceToken(role: "operator", token: Secret("t"), scopes: ["operator.read", "operator.admin"], issuedAtMs: 1)], .full),
            ("admin-only", [DeviceToken(role: "operator", token: Secret("t"), scopes: ["operator.admin"], issuedAtMs: 1)], .full),
            ("near-miss", [DeviceToken(role: "operator", token: Secret("t"), scopes: ["operator.adminx", "xoperator.admin"], issuedAtMs: 1)], .limited),
            ("no-scopes", [DeviceToken(role: "operator", token: Secret("t"), scopes: [], issuedAtMs: 1)], .limited),
            // An admin scope on another role's token gives no operator access.
            ("node-only", [DeviceToken(role: "node", token: Secret("t"), scopes: ["operator.admin"], issuedAtMs: 1)], nil),
        ]
        for (host, tokens, _) in cases {
            let entry = try GatewayRegistryTests.manual(host + ".lan")
            try registry.storePairing(GatewayPairing(entry: entry, credentials: GatewaySecrets(), pin: nil, deviceTokens: tokens, focusIfNone: false))
        }
        try registry.upsert(try GatewayRegistryTests.manual("unpaired.lan"))
        let listing = try registry.listing()
        #expect(listing.rows.map(\.access) == cases.map(\.2) + [nil])
        #expect(listing.rows.map(\.paired) == cases.map { _ in true } + [false])
        #expect(Self.same(listing, try registry.list()))
    }

    @Test(arguments: ["ws://gw.lan:18789", "wss://[fe80::1%25eth0]:443/claw", "ws://[fd00::1]:9000", "wss://a.ts.net:443/x%20y"])
    func urlsAreTheModelsDisplayURL(url: String) throws {
        let registry = try Home().open()
        let entry = GatewayEntry.manual(route: try GatewayRoute(url: url), name: "gw")
        try registry.upsert(entry)
        try registry.upsert(GatewayEntry(id: GatewayID(rawValue: "proven"), kind: .manual, name: "p", host: "h", port: 1, tls: true, provenRoute: url))
        try registry.upsert(GatewayEntry(id: GatewayID(rawValue: "incomplete"), kind: .manual, name: "i", host: "h", port: 1))
        let listing = try registry.listing()
        #expect(listing.rows.map { $0.url.map(listing.string) } == [url, url, nil])
        #expect(Self.same(listing, try registry.list()))
    }

    /// The memory map is for the listing's read only; the connection's setting is restored.
    @Test func theMapEndsWithTheListing() throws {
        let registry = try Home().open()
        try registry.upsert(try GatewayRegistryTests.manual("gw.lan"))
        let before = try registry.connection.integerPragma("mmap_size")
        #expect(try registry.listing().rows.count == 1)
        #expect(try registry.connection.integerPragma("mmap_size") == before)
        #expect(before != Int64(GatewayRegistry.listingMapBytes))
    }

    @Test func aDamagedKindIsReportedAsListReportsIt() throws {
        let registry = try Home().open()
        try registry.upsert(try GatewayRegistryTests.manual("gw.lan"))
        try registry.connection.execute("PRAGMA ignore_check_constraints = ON; UPDATE entries SET kind = 'bogus'")
        #expect(throws: ClawPairError.self) { try registry.list() }
        do {
            _ = try registry.listing()
            Issue.record("a damaged kind was listed")
        } catch {
            #expect(error.code == .registryCorrupt)
        }
    }

    /// The byte scan decides access as the SQL `instr` test of ``GatewayRegistry/list()`` does.
    @Test func scopesIncludeAgreesWithSQL() throws {
        let registry = try Home().open()
        let samples = [
            "", " ", "operator.admin", " operator.admin", "operator.admin ", "a  operator.admin  b", "operator.read operator.admin",
            "operator.adminx", "xoperator.admin", "operator.admi", "operator.admin\toperator.read", "operator.admin,x", "operator. admin",
        ]
        for scopes in samples {
            let sql = try registry.connection.statement("SELECT instr(' ' || ?1 || ' ', ' operator.admin ') > 0").first([.text(scopes)]) { $0.integer(0) != 0 }
            let bytes = Array(scopes.utf8)
            #expect(bytes.withUnsafeBufferPointer { GatewayRegistry.scopesInclude($0, Array("operator.admin".utf8)) } == sql, "\(scopes.debugDescription)")
        }
    }

    @Test func stateTableFindsEveryKeyAcrossGrowth() {
        var table = EntryStateTable(entries: 0)
        let keys = (0..<5000).map { Array("manual|gw\($0).lan|18789".utf8) } + [[], [0], [0, 0], Array("é".utf8)]
        for (index, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { table.insert($0, index.isMultiple(of: 2) ? .bolted : .pinned) }
        }
        for key in keys { key.withUnsafeBufferPointer { table.insert($0, .paired) } }
        let absent = [Array("manual|gw5000.lan|18789".utf8), Array("manual|gw1.lan|1878".utf8)]
        let expected = keys.indices.map { $0.isMultiple(of: 2) ? [.bolted, .paired] : [.pinned, .paired] as EntryStateTable.State } + [[], []]
        // The ids back to back, as the listing holds them.
        let probes = keys + absent
        let bytes = probes.flatMap { $0 }
        let ends = probes.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        // One batch, and batches shorter than the distance at which slots are asked for ahead.
        for batchSize in [probes.count, 5, 1] {
            var found: [EntryStateTable.State] = []
            bytes.withUnsafeBufferPointer { bytes in
                for first in stride(from: 0, to: probes.count, by: batchSize) {
                    let count = min(batchSize, probes.count - first)
                    table.states(count: count, id: { UnsafeBufferPointer(rebasing: bytes[ends[first + $0]..<ends[first + $0 + 1]]) }) { index, state in
                        #expect(index == found.count - first)
                        found.append(state)
                    }
                }
            }
            #expect(found == expected, "batches of \(batchSize)")
        }
    }
}
