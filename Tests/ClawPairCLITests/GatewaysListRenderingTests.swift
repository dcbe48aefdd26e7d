import ClawPairTestSupport
import Foundation
import Testing
@testable import ClawPairCLI
@testable import ClawPairKit

/// `gateways list`'s renderer (``GatewayRegistry/listing()`` rendered by
/// ``GatewaysListRendering``) against fixed expectations and against a plain re-derivation
/// here from the registry's models (``GatewayRegistry/list()``): the same rows and the same
/// bytes, for hostile texts (control characters, ESC, C1, bidi overrides, quotes,
/// backslashes, combining marks, emoji, 256-byte names) and for every state a row can be in.
@Suite struct GatewaysListRenderingTests {
    /// A registry holding `count` random hostile entries and a fixed set of corner cases.
    static func hostileRegistry(seed: UInt64, count: Int) throws -> (GatewaysCommandTests.Home, GatewayRegistry) {
        let home = GatewaysCommandTests.Home()
        let registry = try home.open()
        var random = SplitMix64(seed: seed)
        var entries: [GatewayEntry] = []
        var usedNames: Set<[UInt8]> = []
        for index in 0..<count {
            let id: GatewayID
            let kind: GatewayEntry.Kind = random.chance(0.3) ? .discovered : .manual
            if kind == .discovered {
                id = .discovered(domain: "local.", instanceName: "\(index) " + random.hostile(maxPieces: 8))
            } else if random.chance(0.5) {
                id = .manual(host: "gw\(index).lan", port: 18789)
            } else {
                // The index first: SQLite takes bound text up to a NUL, and ids must stay unique.
                id = GatewayID(rawValue: "\(index)|" + random.hostile(maxPieces: 10))
            }
            // Names are unique in the registry (compared as SQLite does: bytes, up to a NUL).
            var name = random.name()
            while !usedNames.insert(Array(name.utf8.prefix { $0 != 0 })).inserted { name = random.name() }
            var entry = GatewayEntry(id: id, kind: kind, name: name)
            if kind == .manual || random.chance(0.2) {
                // Incomplete parts (no tls, no port) leave no configured URL.
                entry.host = random.chance(0.8) ? random.host() : nil
                entry.port = random.chance(0.9) ? Int.random(in: 1...65535, using: &random) : nil
                entry.tls = random.chance(0.9) ? random.chance(0.5) : nil
                entry.contextPath = random.chance(0.3) ? "/" + random.hostile(maxPieces: 4) : nil
            }
            if random.chance(0.2) { entry.provenRoute = random.chance(0.5) ? "wss://proven\(index).example:443" : random.hostile(maxPieces: 6) }
            entries.append(entry)
            try registry.upsert(entry)
        }
        // Ids that Swift's String == calls equal (NFC and NFD) but the registry does not.
        let composed = GatewayID.discovered(domain: "local.", instanceName: "Caf\u{E9}")
        let decomposed = GatewayID.discovered(domain: "local.", instanceName: "Cafe\u{301}")
        for id in [composed, decomposed] {
            let entry = GatewayEntry(id: id, kind: .discovered, name: id.rawValue)
            entries.append(entry)
            try registry.upsert(entry)
        }
        try registry.bolt(composed)
        try registry.trust(decomposed, pin: CertificateFingerprint(normalizing: String(repeating: "5a", count: 32)))
        // Every state: bolted, pinned, paired with node and/or operator tokens, limited or full.
        let operatorScopes: [[String]] = [
            AccessLevel.full.operatorScopes, AccessLevel.limited.operatorScopes, ["operator.admin"], ["operator.adminx", "xoperator.admin"], ["other"],
        ]
        for (index, entry) in entries.enumerated() where index < count {
            if random.chance(0.35) { try registry.bolt(entry.id) }
            switch Int.random(in: 0..<5, using: &random) {
            case 0: break
            case 1: try registry.trust(entry.id, pin: CertificateFingerprint(normalizing: String(repeating: "0f", count: 32)))
            default:
                var tokens: [DeviceToken] = []
                if random.chance(0.7) { tokens.append(DeviceToken(role: "node", token: Secret("n"), scopes: [], issuedAtMs: 1)) }
                if random.chance(0.7) || tokens.isEmpty {
                    let scopes = operatorScopes[Int.random(in: 0..<operatorScopes.count, using: &random)]
                    tokens.append(DeviceToken(role: "operator", token: Secret("o"), scopes: scopes, issuedAtMs: 1))
                }
                let pin = random.chance(0.5) ? CertificateFingerprint(normalizing: String(repeating: "ab", count: 32)) : nil
                try registry.storePairing(GatewayPairing(entry: entry, credentials: GatewaySecrets(), pin: pin, deviceTokens: tokens, focusIfNone: false))
            }
            if random.chance(0.4) {
                let moments: [Int64] = [0, 1_780_000_000_123, -1, -86_400_001, 253_402_300_800_000, .max, .min, Int64.random(in: 0...4_000_000_000_000, using: &random)]
                try registry.recordConnection(entry.id, atMs: moments[Int.random(in: 0..<moments.count, using: &random)], route: nil)
            }
        }
        if count > 3 { try registry.focus(entries[count / 2].id) }
        return (home, registry)
    }

    /// Expects equal bytes; on a difference, shows a short window around the first one
    /// rather than two whole outputs.
    static func expectSame(_ rendered: [UInt8], _ expected: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard rendered != expected else { return }
        let index = zip(rendered, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(rendered.count, expected.count)
        func window(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 60)..<min(bytes.count, index + 60)], as: UTF8.self).debugDescription
        }
        let place = "\(what): output differs from the expectation at byte \(index) of \(rendered.count)/\(expected.count)"
        Issue.record("\(place):\n rendered \(window(rendered))\n expected \(window(expected))", sourceLocation: sourceLocation)
    }

    static func expectedTable(_ registry: GatewayRegistry, bold: Bool) throws -> [UInt8] {
        Array(ExpectedListing.table(try registry.list(), bold: bold).utf8)
    }

    static func expectedJSON(_ registry: GatewayRegistry, pretty: Bool) throws -> [UInt8] {
        Array((JSONValue.array(try registry.list().map(ExpectedListing.row)).serialized(pretty: pretty) + "\n").utf8)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func listingHasTheModelsRowsByteForByte(seed: UInt64) throws {
        let (home, registry) = try Self.hostileRegistry(seed: seed, count: 150)
        defer { withExtendedLifetime(home) {} }
        let summaries = try registry.list()
        let listing = try registry.listing()
        #expect(listing.rows.count == summaries.count)
        for (row, summary) in zip(listing.rows, summaries) {
            #expect(Array(listing.bytes(row.id)) == Array(summary.entry.id.rawValue.utf8))
            #expect(Array(listing.bytes(row.name)) == Array(summary.entry.name.utf8))
            #expect(row.url.map { Array(listing.bytes($0)) } == summary.entry.displayURL.map { Array($0.utf8) })
            #expect(row.kind == summary.entry.kind)
            #expect(row.focused == summary.focused && row.bolted == summary.bolted && row.pinned == summary.pinned)
            #expect(row.paired == summary.paired && row.access == summary.access)
            #expect(row.lastConnectedAtMs == summary.entry.lastConnectedAtMs)
        }
        // Every state occurs, so the comparison above covered each.
        #expect(listing.rows.first?.focused == true)
        for state: (GatewayListing.Row) -> Bool in [
            { $0.bolted }, { !$0.bolted }, { $0.pinned }, { !$0.pinned }, { $0.access == .full }, { $0.access == .limited },
            { $0.paired && $0.access == nil }, { !$0.paired }, { $0.url == nil }, { $0.lastConnectedAtMs == nil }, { $0.lastConnectedAtMs != nil },
        ] {
            #expect(listing.rows.contains(where: state))
        }
    }

    @Test(arguments: [5, 6, 7] as [UInt64])
    func tableAndJSONAreWhatTheRowsDerive(seed: UInt64) throws {
        let (home, registry) = try Self.hostileRegistry(seed: seed, count: 150)
        defer { withExtendedLifetime(home) {} }
        let listing = try registry.listing()
        for enabled in [false, true] {
            let rendered = GatewaysListRendering.table(listing, style: Style(enabled: enabled))
            Self.expectSame(rendered, try Self.expectedTable(registry, bold: enabled), "table, style \(enabled)")
            // Written in chunks of a line or two (the command writes 64 KiB ones): the same bytes.
            var chunks: [[UInt8]] = []
            GatewaysListRendering.table(listing, style: Style(enabled: enabled), chunkBytes: 1) { chunks.append($0) }
            #expect(chunks.count > listing.rows.count / 2 && chunks.allSatisfy { $0.last == UInt8(ascii: "\n") })  // whole lines
            Self.expectSame(Array(chunks.joined()), rendered, "table in small chunks, style \(enabled)")
        }
        for pretty in [false, true] {
            let rendered = GatewaysListRendering.json(listing, pretty: pretty)
            Self.expectSame(rendered, try Self.expectedJSON(registry, pretty: pretty), "JSON, pretty \(pretty)")
            var chunks: [[UInt8]] = []
            GatewaysListRendering.json(listing, pretty: pretty, chunkBytes: 1) { chunks.append($0) }
            #expect(chunks.count > listing.rows.count / 2)
            Self.expectSame(Array(chunks.joined()), rendered, "JSON in one-row chunks, pretty \(pretty)")
            // And it is JSON that parses back to the same rows.
            #expect(try JSONParser.parse(String(decoding: rendered, as: UTF8.self)) == JSONValue.array(try registry.list().map(ExpectedListing.row)))
        }
        // Hostile text reached the output only escaped.
        let table = String(decoding: GatewaysListRendering.table(listing, style: Style(enabled: false)), as: UTF8.self)
        for forbidden in ["\u{1B}", "\u{7}", "\u{202E}", "\u{9B}", "\u{0}"] { #expect(!table.contains(forbidden)) }
        #expect(table.contains("\\x1b") && table.contains("\\u{202e}") && table.contains("\\\\"))
    }

    /// One row, and single rows in each corner: what the rows derive, column widths
    /// included (a wide non-ASCII name, a long name, a far-future timestamp).
    @Test(arguments: [
        "plain", "quote\"d", "back\\slash", "esc\u{1B}[2J", "tab\tnew\nline", "del\u{7F}", "c1\u{85}\u{9B}", "bidi\u{202E}\u{2067}",
        "line\u{2028}para\u{2029}", "caf\u{E9} e\u{301} 中文 👩‍👩‍👧 🇫🇷", String(repeating: "long-", count: 51), String(repeating: "é", count: 128),
    ])
    func singleRowsMatchTheDerivation(name: String) throws {
        let home = GatewaysCommandTests.Home()
        let registry = try home.open()
        let entry = GatewayEntry(
            id: GatewayID(rawValue: "manual|" + name), kind: .manual, name: name, host: "fe80::1%" + name, port: 443, tls: true, contextPath: "/" + name)
        try registry.upsert(entry)
        try registry.recordConnection(entry.id, atMs: 253_402_300_800_000, route: nil)
        let listing = try registry.listing()
        Self.expectSame(GatewaysListRendering.table(listing, style: Style(enabled: true)), try Self.expectedTable(registry, bold: true), "table")
        Self.expectSame(GatewaysListRendering.json(listing, pretty: false), try Self.expectedJSON(registry, pretty: false), "JSON")
        Self.expectSame(GatewaysListRendering.json(listing, pretty: true), try Self.expectedJSON(registry, pretty: true), "pretty JSON")
    }

    @Test func anEmptyRegistryIsAnEmptyArrayAndTheHint() async throws {
        let home = GatewaysCommandTests.Home()
        let registry = try home.open()
        #expect(GatewaysListRendering.json(try registry.listing(), pretty: false) == Array("[]\n".utf8))
        #expect(GatewaysListRendering.json(try registry.listing(), pretty: true) == Array("[]\n".utf8))
        let result = await GatewaysCommandTests.gateways(home, ["list"])
        #expect(result.status == 0 && result.stdout.hasPrefix("No gateways yet."))
    }

    /// The command prints the renderer's bytes: what the rows derive.
    @Test func theCommandPrintsWhatTheRowsDerive() async throws {
        let (home, registry) = try Self.hostileRegistry(seed: 8, count: 60)
        var result = await GatewaysCommandTests.gateways(home, ["list"])
        #expect(result.status == 0, "\(result.stderr)")
        // The table, then the daemon's sessions (none runs for this home).
        Self.expectSame(
            Array(result.stdout.utf8), try Self.expectedTable(registry, bold: false) + Array(StatusRendering.listFooter(nil).utf8),
            "gateways list")
        result = await GatewaysCommandTests.gateways(home, ["list", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectSame(Array(result.stdout.utf8), try Self.expectedJSON(registry, pretty: false), "gateways list --json")
    }

    /// A small registry with one row in each state, against output written out by hand.
    @Test func aFixedRegistryPrintsTheFixedTableAndJSON() async throws {
        let home = GatewaysCommandTests.Home()
        let registry = try home.open()
        let studio = GatewayEntry.manual(route: try GatewayRoute(host: "studio.lan", tls: false), name: "Studio")
        let box = GatewayEntry.manual(route: try GatewayRoute(host: "box.tail1234.ts.net", port: 443, tls: true), name: "box")
        let node = GatewayEntry.manual(route: try GatewayRoute(host: "10.0.0.2", tls: false), name: "Node only")
        let evil = GatewayEntry(
            id: GatewayID.discovered(domain: "local.", instanceName: "Evil\u{1B}]0;x\u{7}"), kind: .discovered, name: "Ev\u{1B}[31mil\\")
        func token(_ role: String, _ scopes: [String]) -> DeviceToken { DeviceToken(role: role, token: Secret("t"), scopes: scopes, issuedAtMs: 1) }
        try registry.storePairing(GatewayPairing(
            entry: studio, credentials: GatewaySecrets(), pin: CertificateFingerprint(normalizing: String(repeating: "ab", count: 32)),
            deviceTokens: [token("node", []), token("operator", AccessLevel.full.operatorScopes)]))
        try registry.storePairing(GatewayPairing(
            entry: box, credentials: GatewaySecrets(), pin: nil, deviceTokens: [token("operator", AccessLevel.limited.operatorScopes)],
            focusIfNone: false))
        try registry.storePairing(
            GatewayPairing(entry: node, credentials: GatewaySecrets(), pin: nil, deviceTokens: [token("node", [])], focusIfNone: false))
        try registry.upsert(evil)
        try registry.bolt(box.id)
        try registry.recordConnection(studio.id, atMs: 1_780_000_000_123, route: nil)

        let table = await GatewaysCommandTests.gateways(home, ["list"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout == """
                   NAME            URL                            ACCESS    PIN  LAST CONNECTED        ID
            focus  Studio          ws://studio.lan:18789          full      yes  2026-05-28T20:26:40Z  manual|studio.lan|18789
            bolt   box             wss://box.tail1234.ts.net:443  limited   no   never                 manual|box.tail1234.ts.net|443
                   Node only       ws://10.0.0.2:18789            -         no   never                 manual|10.0.0.2|18789
                   Ev\\x1b[31mil\\\\  -                              unpaired  no   never                 _openclaw-gw._tcp|local.|Evil\\x1b]0;x\\x07
            Sessions: not connected (no daemon running).

            """)
        let json = await GatewaysCommandTests.gateways(home, ["list", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == """
            [{"id":"manual|studio.lan|18789","name":"Studio","kind":"manual","url":"ws://studio.lan:18789","focused":true,"bolt":true,\
            "pinned":true,"paired":true,"access":"full","lastConnectedAtMs":1780000000123},\
            {"id":"manual|box.tail1234.ts.net|443","name":"box","kind":"manual","url":"wss://box.tail1234.ts.net:443","focused":false,\
            "bolt":true,"pinned":false,"paired":true,"access":"limited","lastConnectedAtMs":null},\
            {"id":"manual|10.0.0.2|18789","name":"Node only","kind":"manual","url":"ws://10.0.0.2:18789","focused":false,"bolt":false,\
            "pinned":false,"paired":true,"access":null,"lastConnectedAtMs":null},\
            {"id":"_openclaw-gw._tcp|local.|Evil\\u001b]0;x\\u0007","name":"Ev\\u001b[31mil\\\\","kind":"discovered","url":null,\
            "focused":false,"bolt":false,"pinned":false,"paired":false,"access":null,"lastConnectedAtMs":null}]

            """)
    }
}

/// What `gateways list` prints, derived from the registry's models the plain way (a String
/// per cell, widths counted in Characters, padding trimmed at the end of a line), to check
/// ``GatewaysListRendering``'s byte path against.
enum ExpectedListing {
    static let header = ["", "NAME", "URL", "ACCESS", "PIN", "LAST CONNECTED", "ID"]

    static func cells(_ summary: GatewaySummary) -> [String] {
        let entry = summary.entry
        return [
            summary.focused ? "focus" : summary.bolted ? "bolt" : "", TerminalText.escape(entry.name), TerminalText.escape(entry.displayURL ?? "-"),
            summary.access?.rawValue ?? (summary.paired ? "-" : "unpaired"), summary.pinned ? "yes" : "no",
            entry.lastConnectedAtMs.map { UTCTimestamp.format(milliseconds: $0) } ?? "never", TerminalText.escape(entry.id.rawValue),
        ]
    }

    /// The header (bold: ESC [1m … ESC [0m around it) and a line per row, columns two
    /// spaces apart, each padded to its widest cell except the last non-empty one.
    static func table(_ summaries: [GatewaySummary], bold: Bool) -> String {
        let rows = summaries.map(cells)
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            guard let last = cells.lastIndex(where: { !$0.isEmpty }) else { return "" }
            return cells[...last].indices.map { column in
                column == last ? cells[column] : cells[column] + String(repeating: " ", count: widths[column] - cells[column].count)
            }.joined(separator: "  ")
        }
        let head = line(header)
        return (bold ? "\u{1B}[1m\(head)\u{1B}[0m" : head) + "\n" + rows.map { line($0) + "\n" }.joined()
    }

    /// `{id, name, kind, url, focused, bolt, pinned, paired, access, lastConnectedAtMs}` (spec/cli.md).
    static func row(_ summary: GatewaySummary) -> JSONValue {
        let entry = summary.entry
        return .object([
            ("id", .string(entry.id.rawValue)), ("name", .string(entry.name)), ("kind", .string(entry.kind == .manual ? "manual" : "discovered")),
            ("url", entry.displayURL.map(JSONValue.string) ?? .null), ("focused", .bool(summary.focused)), ("bolt", .bool(summary.bolted)),
            ("pinned", .bool(summary.pinned)), ("paired", .bool(summary.paired)),
            ("access", summary.access.map { .string($0 == .full ? "full" : "limited") } ?? .null),
            ("lastConnectedAtMs", entry.lastConnectedAtMs.map(JSONValue.integer) ?? .null),
        ])
    }
}

/// Hostile text pieces for the seeded registries.
extension SplitMix64 {
    static let pieces = [
        "a", "Z", "9", " ", "  ", "-", "\"", "\\", "'", "\u{1B}", "\u{1B}[31m", "\u{1B}]0;title\u{7}", "\u{7}", "\t", "\n", "\r", "\u{0}",
        "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "é", "e\u{301}", "\u{301}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "👩‍👩‍👧", "🇫🇷", "中文", "%", ":", "[", "]", "|", "/", "\u{FEFF}", "\u{FFFD}", "<", "&",
    ]

    mutating func hostile(maxPieces: Int) -> String {
        (0..<Int.random(in: 1...maxPieces, using: &self)).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &self)] }.joined()
    }

    /// A valid name: mostly plain ASCII (the usual case), else hostile, sometimes the longest allowed.
    mutating func name() -> String {
        if chance(0.4) { return "gw-\(Int.random(in: 0...99999, using: &self))" }
        if chance(0.1) {
            var long = "x" + hostile(maxPieces: 60)
            while long.utf8.count > GatewayRegistry.maximumNameBytes { long.removeLast() }
            return long
        }
        return "n" + hostile(maxPieces: 12)
    }

    mutating func host() -> String {
        switch Int.random(in: 0..<4, using: &self) {
        case 0: "gw.example"
        case 1: "fe80::1%eth0"
        case 2: "fd00::" + hostile(maxPieces: 3)
        default: hostile(maxPieces: 6)
        }
    }
}

/// The word-at-a-time check against its byte-by-byte definition.
@Suite struct PlainASCIITests {
    static func reference(_ bytes: [UInt8], _ first: UInt8, _ second: UInt8) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != first && $0 != second }
    }

    @Test func everyByteValueAtEveryPosition() {
        for length in [1, 7, 8, 9, 17] {
            for position in 0..<length {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = value
                    for (first, second) in [(UInt8(ascii: "\\"), UInt8(ascii: "\\")), (UInt8(ascii: "\""), UInt8(ascii: "\\"))] {
                        let fast = bytes.withUnsafeBufferPointer { PlainASCII.check($0, excluding: first, second) }
                        #expect(fast == Self.reference(bytes, first, second), "\(bytes) excluding \(first), \(second)")
                    }
                }
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer { PlainASCII.check($0, excluding: 0x5C, 0x5C) })
    }

    @Test func randomTexts() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                random.chance(0.97) ? UInt8.random(in: 0x20...0x7E, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            #expect(bytes.withUnsafeBufferPointer { PlainASCII.check($0, excluding: 0x22, 0x5C) } == Self.reference(bytes, 0x22, 0x5C))
        }
    }
}
