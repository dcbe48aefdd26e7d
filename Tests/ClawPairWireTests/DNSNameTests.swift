import Testing
@testable import ClawPairWire

@Suite struct DNSNameTests {
    @Test(arguments: [
        ("local.", "local."), ("local", "local."), ("", "."), (".", "."),
        ("_openclaw-gw._tcp.local", "_openclaw-gw._tcp.local."),
        ("Studio\\032\\040OpenClaw\\041._openclaw-gw._tcp.local.", "Studio\\032(OpenClaw)._openclaw-gw._tcp.local."),
        ("a\\.b.c", "a\\.b.c."), ("back\\\\slash", "back\\\\slash."), ("\\X.y", "X.y."),
        ("Küche.local", "K\\195\\188che.local."),
    ])
    func presentationRoundTrip(text: String, printed: String) throws {
        let name = try DNSName(text)
        #expect(name.description == printed)
        #expect(try DNSName(printed) == name)
    }

    @Test func presentationEscapesBecomeLabelBytes() throws {
        let name = try DNSName("Studio\\032\\040OpenClaw\\041._openclaw-gw._tcp.local.")
        #expect(name.labels.count == 4)
        #expect(String(decoding: name.labels[0], as: UTF8.self) == "Studio (OpenClaw)")
        #expect(try DNSName("a\\.b").labels == [Array("a.b".utf8)])
        #expect(try DNSName("a\\000b").labels == [[0x61, 0x00, 0x62]])
    }

    @Test(arguments: ["a..b", "..", ".a", "a\\", "a\\256", "a\\999b"])
    func rejectsBadPresentation(text: String) {
        #expect(throws: DNSWireError.self) { try DNSName(text) }
    }

    @Test func enforcesLabelAndNameLimits() throws {
        let label63 = String(repeating: "a", count: 63)
        #expect(try DNSName(label63 + ".local").labels[0].count == 63)
        #expect(throws: DNSWireError(.labelTooLong, "", offset: 0)) { try DNSName(label63 + "a.local") }
        // 4 × (1 + 61) + 1 = 249 ≤ 255; one more 5-byte label makes 255, one more byte 256.
        let label61 = String(repeating: "b", count: 61)
        let four = [label61, label61, label61, label61].joined(separator: ".")
        #expect(try DNSName(four + ".abcde").wireLength == 255)
        #expect(throws: DNSWireError(.nameTooLong, "", offset: 0)) { try DNSName(four + ".abcdef") }
        #expect(throws: DNSWireError(.labelTooLong, "", offset: 0)) { try DNSName(labels: [Array(repeating: 1, count: 64)]) }
        #expect(throws: DNSWireError.self) { try DNSName(labels: [[]]) }
    }

    @Test func comparesIgnoringASCIICaseOnly() throws {
        #expect(try DNSName("Studio.LOCAL.") == DNSName("studio.local"))
        #expect(try DNSName("Studio.LOCAL.").hashValue == DNSName("studio.local").hashValue)
        // Non-ASCII bytes compare exactly (RFC 4343 §3): Ü is not ü.
        #expect(try DNSName("Ü.local") != DNSName("ü.local"))
        #expect(try DNSName("a.local") != DNSName("a.local.x"))
    }

    @Test func subdomainsAndComposition() throws {
        let service = try DNSName("_openclaw-gw._tcp.local")
        #expect(service.isSubdomain(of: try DNSName("LOCAL.")))
        #expect(service.isSubdomain(of: .root))
        #expect(!service.isSubdomain(of: try DNSName("openclaw.internal")))
        let instance = try service.prepending(Array("Studio (OpenClaw)".utf8))
        #expect(instance.dropping(1) == service)
        #expect(try DNSName("_openclaw-gw._tcp").appending(DNSName("local")) == service)
    }

    // MARK: Wire form

    private func parse(_ bytes: [UInt8], at offset: Int) throws(DNSWireError) -> (DNSName, Int) {
        var cursor = ByteCursor(bytes)
        do { try cursor.seek(to: offset) } catch { throw .truncation(error, "test") }
        let name = try DNSName.parse(&cursor)
        return (name, cursor.offset)
    }

    @Test func readsPlainAndCompressedNames() throws {
        let bytes = label("studio") + label("local") + [0] + label("www") + pointer(7) + pointer(0)
        let (first, end1) = try parse(bytes, at: 0)
        #expect(first.description == "studio.local.")
        #expect(end1 == 14)
        let (second, end2) = try parse(bytes, at: 14)
        #expect(second.description == "www.local.")
        #expect(end2 == 20)  // just past the pointer, not where the pointer led
        let (third, end3) = try parse(bytes, at: 20)
        #expect(third.description == "studio.local.")
        #expect(end3 == 22)
    }

    @Test func rejectsPointerToItself() {
        #expect(throws: DNSWireError(.badPointer, "", offset: 0)) { try parse([0xC0, 0x00], at: 0) }
    }

    @Test func rejectsForwardPointers() {
        // A pointer to later bytes could loop; RFC 1035 only allows "a prior occurrence".
        let bytes = pointer(2) + label("a") + [0]
        #expect(throws: DNSWireError(.badPointer, "", offset: 0)) { try parse(bytes, at: 0) }
    }

    @Test func rejectsALoopThroughTwoPointers() {
        // 0: label "a", then a pointer back to 0: each jump lands before the pointer, but the
        // labels read lead to the same pointer again.
        let bytes = label("a") + pointer(0)
        #expect(throws: DNSWireError(.badPointer, "", offset: 0)) { try parse(bytes, at: 0) }
    }

    @Test func rejectsPointerPastTheEnd() {
        #expect(throws: DNSWireError(.badPointer, "", offset: 0)) { try parse([0x00, 0xC0, 0xFF], at: 1) }
        #expect(throws: DNSWireError(.badPointer, "", offset: 0)) { try parse([0x00, 0xFF, 0xFF], at: 1) }
    }

    @Test func boundsPointerChains() {
        // 200 pointers, each to the one before: every jump goes backwards, but no real name
        // needs more than 128.
        var bytes: [UInt8] = [0]
        for index in 0..<200 { bytes += pointer(index == 0 ? 0 : 1 + 2 * (index - 1)) }
        #expect(throws: DNSWireError(.pointerLoop, "", offset: 0)) { try parse(bytes, at: bytes.count - 2) }
        // 100 of them are fine.
        #expect(throws: Never.self) { try parse(bytes, at: 1 + 2 * 99) }
    }

    @Test func rejectsExtendedLabelTypes() {
        #expect(throws: DNSWireError(.badLabelType, "", offset: 0)) { try parse([0x40, 0x61, 0x00], at: 0) }
        #expect(throws: DNSWireError(.badLabelType, "", offset: 0)) { try parse([0x80, 0x00], at: 0) }
    }

    @Test func rejectsNamesLongerThan255Bytes() {
        let label63 = [UInt8(63)] + Array(repeating: UInt8(ascii: "x"), count: 63)
        // Four 63-byte labels and one more: 321 bytes.
        let plain = Array([[UInt8]](repeating: label63, count: 5).joined()) + [0]
        #expect(throws: DNSWireError(.nameTooLong, "", offset: 0)) { try parse(plain, at: 0) }
        // The same length reached by compression: three labels, then a pointer to two more.
        let stored = label63 + label63 + [0]
        let compressed = stored + label63 + label63 + label63 + pointer(0)
        #expect(throws: DNSWireError(.nameTooLong, "", offset: 0)) { try parse(compressed, at: stored.count) }
    }

    @Test func rejectsTruncatedNames() {
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try parse([], at: 0) }
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try parse([5, 0x61, 0x62], at: 0) }
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try parse(label("a"), at: 0) }
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try parse([0xC0], at: 0) }
    }

    @Test func namesInAWindowMayPointOutOfIt() throws {
        // Record data is a window; its name may continue anywhere earlier in the message.
        let bytes = label("local") + [0] + label("studio") + pointer(0) + [0xAA]
        var cursor = ByteCursor(bytes)
        try cursor.skip(7)
        var window = try cursor.limited(to: 9)
        let name = try DNSName.parse(&window)
        #expect(name.description == "studio.local.")
        #expect(window.isAtEnd)
        // A window too short for the labels is a truncation, even though the message has more.
        var short = try cursor.limited(to: 4)
        #expect(throws: DNSWireError(.truncated, "", offset: 0)) { try DNSName.parse(&short) }
    }
}
