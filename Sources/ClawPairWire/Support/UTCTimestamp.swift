/// Unix milliseconds as an ISO 8601 UTC timestamp (`2026-09-21T14:13:20Z`), without
/// Foundation, for messages such as "expired at …".
public enum UTCTimestamp {
    public static func format(milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        append(milliseconds: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``format(milliseconds:)``'s text appended as UTF-8 bytes, for output built as bytes.
    public static func append(milliseconds: Int64, to output: inout [UInt8]) {
        // Floor division; (ms + 1) / 1000 - 1 rather than (ms - 999) / 1000, which overflows near Int64.min.
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds + 1) / 1000 - 1
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Days to civil date (proleptic Gregorian), after Howard Hinnant's published algorithm.
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        output.appendDecimal(year)
        // The rest, "-MM-DDTHH:MM:SSZ", every field 0...99, on the stack and appended in one copy.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { rest in
            func put(_ separator: Unicode.Scalar, _ field: Int64, at index: Int) {
                rest[index] = UInt8(ascii: separator)
                rest[index + 1] = UInt8(ascii: "0") + UInt8(field / 10)
                rest[index + 2] = UInt8(ascii: "0") + UInt8(field % 10)
            }
            put("-", month, at: 0)
            put("-", day, at: 3)
            put("T", secondOfDay / 3600, at: 6)
            put(":", secondOfDay / 60 % 60, at: 9)
            put(":", secondOfDay % 60, at: 12)
            rest[15] = UInt8(ascii: "Z")
            output.append(contentsOf: UnsafeBufferPointer(rest))
        }
    }
}
