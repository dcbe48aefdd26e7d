import Testing
@testable import ClawPairCLI

/// ``ByteChunk``: pieces copied exactly whatever their length, decimals as `String(value)`
/// writes them, and what `makeRoom` hands on.
@Suite struct ByteChunkTests {
    /// Every length the short copy handles on its own (0 to 16 bytes) and longer ones, each
    /// written at every offset modulo 8 after different bytes: exactly its bytes, nothing
    /// before or after it disturbed.
    @Test func piecesOfEveryLengthAreCopiedExactly() {
        var expected: [UInt8] = []
        var chunk = ByteChunk(capacity: 8 * 41 * 40)
        defer { chunk.deallocate() }
        for lead in 0..<8 {
            for length in 0...40 {
                let lead = [UInt8](repeating: 0xEE, count: lead)
                let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
                for part in [lead, piece] {
                    part.withUnsafeBufferPointer { chunk.append($0) }
                    expected += part
                }
            }
        }
        #expect(chunk.bytes == expected)
    }

    @Test(arguments: [0, 7, -1, 42, 18789, -1_000_000, 1_780_000_000_000, .max, .min] as [Int64])
    func decimalsAreWhatStringWrites(value: Int64) {
        var chunk = ByteChunk(capacity: 64)
        defer { chunk.deallocate() }
        chunk.append("x=")
        chunk.appendDecimal(value)
        chunk.append(UInt8(ascii: ";"))
        #expect(String(decoding: chunk.bytes, as: UTF8.self) == "x=\(value);")
    }

    @Test func makeRoomHandsOnWhatIsWrittenAndGrowsForALargePiece() {
        var chunk = ByteChunk(capacity: 8)
        defer { chunk.deallocate() }
        var handed: [[UInt8]] = []
        chunk.makeRoom(5, flushingTo: { handed.append($0) })
        chunk.append("hello")
        #expect(handed.isEmpty)
        // Does not fit beside "hello": "hello" is handed on first.
        chunk.makeRoom(4, flushingTo: { handed.append($0) })
        #expect(handed == [Array("hello".utf8)] && chunk.count == 0)
        // Larger than the buffer: it grows.
        chunk.makeRoom(20, flushingTo: { handed.append($0) })
        chunk.append(repeating: UInt8(ascii: "-"), count: 20)
        chunk.flush(to: { handed.append($0) })
        chunk.flush(to: { handed.append($0) })  // nothing more to hand on
        #expect(handed == [Array("hello".utf8), [UInt8](repeating: UInt8(ascii: "-"), count: 20)])
    }
}
