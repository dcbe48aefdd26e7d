extension Array where Element == UInt8 {
    /// Appends `value` in decimal ASCII, as `String(value)` writes it, without making a String:
    /// for output built as bytes (thousands of registry rows).
    public mutating func appendDecimal(_ value: Int64) {
        // The magnitude as UInt64: -Int64.min does not fit in an Int64.
        let magnitude = value.magnitude
        if value < 0 { append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }
}
