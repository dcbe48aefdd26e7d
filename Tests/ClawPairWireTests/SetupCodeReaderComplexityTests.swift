import Testing
@testable import ClawPairWire

/// Pastes shaped to make a parser re-walk its input. Issue 16: `A` and 65 000 `]` took 24 s.
enum HostilePaste: String, CaseIterable, Sendable {
    case trailingPunctuation, leadingPunctuation, bothEnds, curlyQuotes, manyCandidates, pairSchemes, colons

    /// About `bytes` bytes of this shape.
    func text(bytes: Int) -> String {
        switch self {
        case .trailingPunctuation: "A" + String(repeating: "]", count: bytes - 1)
        case .leadingPunctuation: String(repeating: "[", count: bytes - 1) + "A"
        case .bothEnds: String(repeating: "(", count: bytes / 2 - 15) + String(repeating: "A", count: 30) + String(repeating: ")", count: bytes / 2 - 15)
        case .curlyQuotes: "A" + String(repeating: "”", count: (bytes - 1) / 3)
        case .manyCandidates: String(repeating: String(repeating: "A", count: 24) + " ", count: bytes / 25)
        case .pairSchemes: String(repeating: "oc-pair://", count: bytes / 10)
        case .colons: "ws://" + String(repeating: ":", count: bytes - 5)
        }
    }
}

@Suite struct SetupCodeReaderComplexityTests {
    /// A bounded number of looks per character: split, trim from both ends, count, check.
    static let operationsPerCharacter = 16

    private func operations(_ paste: HostilePaste, bytes: Int) -> (count: Int, characters: Int) {
        let characters = Array(paste.text(bytes: bytes))
        let counter = OperationCounter()
        _ = SetupCodeReader.pastedTokens(in: CountingCollection(base: characters, counter: counter))
        return (counter.count, characters.count)
    }

    @Test(arguments: HostilePaste.allCases)
    func pastedTokensAreLinearUpToTheInputCap(_ paste: HostilePaste) {
        let half = operations(paste, bytes: SetupCodeReader.maximumInputBytes / 2)
        let full = operations(paste, bytes: SetupCodeReader.maximumInputBytes)
        #expect(full.count <= Self.operationsPerCharacter * full.characters, "\(full.count) operations for \(full.characters) characters")
        // Twice the input, about twice the work (a quadratic loop does four times as much).
        #expect(full.count * 2 <= half.count * 5, "\(half.count) operations for n, \(full.count) for 2n")
    }

    @Test(arguments: HostilePaste.allCases)
    func theLargestHostilePasteIsRefused(_ paste: HostilePaste) {
        let text = paste.text(bytes: SetupCodeReader.maximumInputBytes)
        #expect(text.utf8.count <= SetupCodeReader.maximumInputBytes)
        #expect(throws: ClawPairError(.setupCodeInvalid, "")) { try SetupCodeReader.read(text, nowMs: 0) }
        // Words of 24 or more base64url characters are taken for (part of) a code.
        #expect(SetupCodeReader.carriesSecret(text) == [.manyCandidates, .bothEnds].contains(paste))
    }

    @Test func trimmingLooksAtEachElementOnce() {
        let counter = OperationCounter()
        let text = CountingCollection(base: Array("((“" + "code" + "”]]."), counter: counter)
        let trimmed = text.trimming(while: SetupCodeReader.pastedPunctuation.contains)
        // 3 leading and 4 trailing trimmed, one kept at each end: a read per look, and a move
        // per step (from the end, a step comes before each look).
        #expect(counter.count == (3 + 1) + 3 + (4 + 1) + (4 + 1))
        #expect(String(trimmed) == "code")
        #expect(Array("]]]".trimming(while: { $0 == "]" })).isEmpty)
        #expect(String("".trimming(while: { _ in true })) == "")
    }

    /// Thousands of distinct bad `urls` are each reported once, each checked against the ones
    /// before in constant time.
    @Test func distinctBadCandidatesAreReportedOnceEach() throws {
        var candidates: [JSONValue] = []
        var size = 64
        while size < SetupCodeReader.maximumInputBytes - 2_000 {  // room for 100 repeats
            let candidate = "bad\(candidates.count)"
            candidates.append(.string(candidate))
            size += candidate.utf8.count + 3
        }
        candidates += candidates.prefix(100)
        let json = JSONValue.object([("url", "wss://gw.example.com"), ("urls", .array(candidates))]).serialized()
        #expect(json.utf8.count <= SetupCodeReader.maximumInputBytes)
        let code = try SetupCodeReader.read(json, nowMs: 0)
        #expect(code.ignoredRoutes.count == candidates.count - 100)
        #expect(code.ignoredRoutes.first?.url == "bad0")
    }

    @Test func firstOccurrencesComparesAConstantNumberOfTimesPerElement() {
        func comparisons(_ n: Int) -> Int {
            let counter = OperationCounter()
            var kept = FirstOccurrences<CountedKey, Int>()
            for value in 0..<n { kept.append(value, key: CountedKey(value: value, counter: counter)) }
            for value in 0..<n { kept.append(-value, key: CountedKey(value: value, counter: counter)) }
            #expect(kept.elements == Array(0..<n))
            return counter.count
        }
        let n = 4096
        let full = comparisons(2 * n)
        // A set probes a few buckets per insert; a list scan compares with every element before.
        #expect(full <= 16 * 2 * n, "\(full) comparisons for \(2 * n) keys")
        #expect(full <= 3 * comparisons(n), "not linear")
    }
}

/// A key that counts its equality checks.
private struct CountedKey: Hashable {
    let value: Int
    let counter: OperationCounter

    static func == (lhs: CountedKey, rhs: CountedKey) -> Bool {
        lhs.counter.count += 1
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
