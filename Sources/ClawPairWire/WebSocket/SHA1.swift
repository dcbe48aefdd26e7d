/// SHA-1 (FIPS 180-4 §6.1), only for the WebSocket handshake's `Sec-WebSocket-Accept`
/// (RFC 6455 §4.2.2), where it proves the server read the key, not that anything is secure.
/// ClawPairWire has no C, so OpenSSL's SHA-1 is out of reach here; never use this for
/// signatures, pins or anything an attacker could collide.
struct SHA1: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    init() {}

    /// The 20-byte digest of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var sha = SHA1()
        sha.update(bytes)
        return sha.finalize()
    }

    /// Adds message bytes.
    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            pending.append(byte)
            totalBytes &+= 1
            if pending.count == 64 {
                compress(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Pads (§5.1.1), processes the last blocks and returns the digest.
    consuming func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        for start in stride(from: 0, to: tail.count, by: 64) { compress(tail[start..<start + 64]) }
        var digest: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest += [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    /// One 64-byte block (§6.1.2).
    private mutating func compress(_ block: some Collection<UInt8>) {
        var words = [UInt32](repeating: 0, count: 80)
        var index = 0
        for byte in block {
            words[index / 4] = words[index / 4] << 8 | UInt32(byte)
            index += 1
        }
        for t in 16..<80 {
            words[t] = rotateLeft(words[t - 3] ^ words[t - 8] ^ words[t - 14] ^ words[t - 16], 1)
        }
        var (a, b, c, d, e) = state
        for t in 0..<80 {
            let (f, k): (UInt32, UInt32) =
                switch t {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
            let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ words[t]
            (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, temp)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
