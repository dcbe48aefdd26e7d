import Testing
@testable import ClawPairWire

@Suite struct SHA1Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // FIPS 180 / NIST CSRC example vectors.
    @Test(arguments: [
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"),
    ])
    func knownAnswers(message: String, digest: String) {
        #expect(Self.hex(SHA1.hash(Array(message.utf8))) == digest)
    }

    @Test func oneMillionAs() {
        #expect(Self.hex(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func paddingBoundaries() {
        // 55, 56 and 64 bytes put the length in the same block, the next block, and a block of its own.
        let expected = [
            55: "c1c8bbdc22796e28c0e15163d20899b65621d65a",
            56: "c2db330f6083854c99d4b5bfb6e8f29f201be699",
            64: "0098ba824b5c16427bd7a1122a5a442a25ec644d",
        ]
        for (length, digest) in expected {
            #expect(Self.hex(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest, "\(length) bytes")
        }
    }

    @Test func incrementalUpdatesMatchOneShot() {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        for split in 0...message.count {
            var sha = SHA1()
            sha.update(message[..<split])
            sha.update(message[split...])
            #expect(Self.hex(sha.finalize()) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        }
    }
}
