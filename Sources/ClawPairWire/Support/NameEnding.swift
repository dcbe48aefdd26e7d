extension StringProtocol where UTF8View: BidirectionalCollection {
    /// True when the text's last byte is `.`, as a name that ends at the DNS root does.
    ///
    /// Asked of the UTF-8 bytes, not of the last Character: a prepended concatenation mark
    /// (U+0600…U+0605 and others) joins the dot after it into one grapheme, so
    /// `"\u{604}.".hasSuffix(".")` is false although the name ends in a dot. Found by the
    /// fuzzer: a domain normalised twice gained a second dot and lost its round trip.
    package var endsWithDot: Bool { utf8.last == UInt8(ascii: ".") }

    /// The text without one final `.` (see ``endsWithDot``), cut before that byte: whatever
    /// grapheme the dot belonged to keeps its other scalars.
    package func droppingFinalDot() -> SubSequence {
        endsWithDot ? self[..<utf8.index(before: utf8.endIndex)] : self[...]
    }

    /// True when the name ends with `suffix`'s bytes (`.local`, `.ts.net`). By bytes
    /// for the same reason as ``endsWithDot``: in `x\u{600}.local` the mark and the dot are
    /// one grapheme, and `hasSuffix(".local")` would miss the name's last label.
    package func endsWithLabels(_ suffix: String) -> Bool {
        utf8.reversed().starts(with: suffix.utf8.reversed())
    }
}
