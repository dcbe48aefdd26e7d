#if canImport(Glibc)
    internal import Glibc
#endif

/// Calendar time in UTC.
package enum UTCTime {
    /// Unix seconds of a UTC date and time (`timegm`); out-of-range fields carry over, so
    /// second 60 (a leap second) is the next minute's first.
    package static func unixSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(clamping: year - 1900)
        parts.tm_mon = Int32(clamping: month - 1)
        parts.tm_mday = Int32(clamping: day)
        parts.tm_hour = Int32(clamping: hour)
        parts.tm_min = Int32(clamping: minute)
        parts.tm_sec = Int32(clamping: second)
        return Int64(timegm(&parts))
    }
}
