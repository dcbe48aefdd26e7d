import Testing
@testable import ClawPairWire

@Suite struct DecimalBytesTests {
    @Test(arguments: [0, 1, -1, 9, 10, -10, 99, 100, 18789, 65535, 1_780_000_000_000, .max, .min, .max - 1, .min + 1, 999_999_999_999_999_999, 1_000_000_000_000_000_000] as [Int64])
    func writesWhatStringWrites(value: Int64) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.appendDecimal(value)
        #expect(bytes == Array(("x" + String(value)).utf8))
    }

    @Test func randomValuesToo() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0...63, using: &generator)
            var bytes: [UInt8] = []
            bytes.appendDecimal(value)
            #expect(bytes == Array(String(value).utf8))
        }
    }
}

/// The ends of the range a registry row may hold: no overflow trap, the proleptic calendar's
/// answers (as java.time's Instant.ofEpochMilli gives them, without the fraction).
@Suite struct UTCTimestampExtremesTests {
    @Test(arguments: [
        (Int64.max, "292278994-08-17T07:12:55Z"), (Int64.min, "-292275055-05-16T16:47:04Z"), (-1, "1969-12-31T23:59:59Z"),
        (-1001, "1969-12-31T23:59:58Z"), (-86_400_001, "1969-12-30T23:59:59Z"), (253_402_300_800_000, "10000-01-01T00:00:00Z"),
    ])
    func formats(ms: Int64, text: String) {
        #expect(UTCTimestamp.format(milliseconds: ms) == text)
        var bytes: [UInt8] = []
        UTCTimestamp.append(milliseconds: ms, to: &bytes)
        #expect(bytes == Array(text.utf8))
    }
}
