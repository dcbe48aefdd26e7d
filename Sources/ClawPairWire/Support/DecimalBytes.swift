extension Array where Element == UInt8 {
    /// Appends `value` in decimal ASCII, as `String(value)` writes it, without making a String:
    /// for output built as bytes (thousands of registry rows).
    public mutating func appendDecimal(_ value: Int64) {
        // Written backwards into 20 bytes on the stack (the 19 digits of Int64.min and its
        // sign), then appended in one copy: an append per digit costs more than the digit.
        var magnitude = value.magnitude  // as UInt64: -Int64.min does not fit in an Int64
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
