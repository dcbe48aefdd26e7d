/// Whether text can be printed as it is: every byte printable ASCII (0x20...0x7E) other
/// than the two given (the escape characters of the output at hand). Checked eight bytes at
/// a time, since `gateways list` asks it for every cell of thousands of rows and almost
/// every cell is plain.
enum PlainASCII {
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, excluding first: UInt8, _ second: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Some byte of x is below n (0 < n <= 0x80; every byte of x below 0x80), the
        // "hasless" test of Bit Twiddling Hacks; a zero byte is one below 1.
        func hasByteBelow(_ x: UInt64, _ n: UInt64) -> Bool { (x &- ones &* n) & ~x & highs != 0 }
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & highs != 0 || hasByteBelow(word, 0x20) || hasByteBelow(word ^ (ones &* 0x7F), 1)
                || hasByteBelow(word ^ (ones &* UInt64(first)), 1) || hasByteBelow(word ^ (ones &* UInt64(second)), 1)
            {
                return false
            }
            index += 8
        }
        while index < raw.count {
            let byte = raw[index]
            if byte < 0x20 || byte >= 0x7F || byte == first || byte == second { return false }
            index += 1
        }
        return true
    }
}
