/// Splits TXT record data into its character-strings (RFC 1035 §3.3.14, RFC 6763 §6).
///
/// The data comes from the network through avahi-daemon, so no length byte is trusted:
/// a string whose length runs past the end is dropped with everything after it, and the
/// strings before it are kept.
enum MDNSTXTStrings {
    /// Each length-prefixed string, in order; empty strings are skipped (RFC 6763 §6.1 uses a
    /// single empty string for "no keys", and an empty string carries no key either way).
    static func split(_ rdata: some Collection<UInt8>) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        var index = rdata.startIndex
        while index != rdata.endIndex {
            let length = Int(rdata[index])
            let start = rdata.index(after: index)
            // Bounds first: `index(_:offsetBy:limitedBy:)` returns nil past the end instead
            // of trapping, so a hostile length cannot read beyond the buffer.
            guard let end = rdata.index(start, offsetBy: length, limitedBy: rdata.endIndex) else { break }
            if length > 0 { strings.append(Array(rdata[start..<end])) }
            index = end
        }
        return strings
    }
}
