import Testing
@testable import ClawPairWire

@Suite struct IPAddressTests {
    @Test(arguments: [
        ("::1", "::1"), ("FD00:0:0:0:0:0:0:1", "fd00::1"), ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
        ("::", "::"), ("1::", "1::"), ("::ffff:127.0.0.1", "::ffff:127.0.0.1"), ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
        ("1:0:3:4:5:6:7:8", "1:0:3:4:5:6:7:8"), ("192.168.001.1", nil), ("10.0.0.1", "10.0.0.1"),
    ] as [(String, String?)])
    func parsesAndPrintsCanonically(text: String, canonical: String?) {
        #expect(IPAddress(text)?.description == canonical)
    }

    @Test(arguments: ["1:2:3:4:5:6:7:8:9", "1::2::3", ":::", "12345::", "g::1", "256.0.0.1", "1.2.3", "1.2.3.4.5", "0x7f.0.0.1", "127.1", ""])
    func rejects(text: String) {
        #expect(IPAddress(text) == nil)
    }
}

@Suite struct UTCTimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"), (1_790_000_000_000, "2026-09-21T14:13:20Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"), (-1000, "1969-12-31T23:59:59Z"),
    ])
    func formats(ms: Int64, text: String) {
        #expect(UTCTimestamp.format(milliseconds: ms) == text)
    }
}
