/// A bounds-checked reader over a byte array, for parsers of untrusted input.
///
/// Every read checks the bytes that remain first and throws ``ByteCursorError`` instead of
/// trapping, so a hostile length field can never read past the end. Multi-byte integers are
/// read big-endian (network byte order), as every wire format in this module uses it.
///
/// A cursor may be *limited* to a window of the array (``limited(to:)``): reads stop at the
/// window's end while ``bytes`` still holds the whole input, which DNS needs to follow
/// compression pointers out of a record's data into the rest of the message.
public struct ByteCursor: Sendable {
    /// The whole input, including bytes outside this cursor's window.
    public let bytes: [UInt8]
    /// The offset of the next byte to read, from the start of ``bytes``.
    public private(set) var offset: Int
    /// The offset just past the last byte this cursor may read.
    public let end: Int

    /// A cursor over all of `bytes`, at offset 0.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
        self.end = bytes.count
    }

    private init(bytes: [UInt8], offset: Int, end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
    }

    /// How many bytes can still be read.
    public var remaining: Int { end - offset }

    /// True when nothing is left to read.
    public var isAtEnd: Bool { offset >= end }

    /// The next byte, without consuming it.
    public func peekUInt8() throws(ByteCursorError) -> UInt8 {
        try check(1)
        return bytes[offset]
    }

    /// Reads one byte.
    public mutating func readUInt8() throws(ByteCursorError) -> UInt8 {
        try check(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a big-endian 16-bit integer.
    public mutating func readUInt16() throws(ByteCursorError) -> UInt16 {
        try check(2)
        defer { offset += 2 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// Reads a big-endian 32-bit integer.
    public mutating func readUInt32() throws(ByteCursorError) -> UInt32 {
        try check(4)
        defer { offset += 4 }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// Reads exactly `count` bytes; a negative count or one past the end throws.
    public mutating func readBytes(_ count: Int) throws(ByteCursorError) -> [UInt8] {
        try check(count)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads whatever is left in the window.
    public mutating func readRemaining() -> [UInt8] {
        guard offset < end else { return [] }
        defer { offset = end }
        return Array(bytes[offset..<end])
    }

    /// Skips `count` bytes.
    public mutating func skip(_ count: Int) throws(ByteCursorError) {
        try check(count)
        offset += count
    }

    /// Moves to an absolute offset inside the window (`end` itself is allowed: nothing left).
    public mutating func seek(to newOffset: Int) throws(ByteCursorError) {
        guard newOffset >= 0, newOffset <= end else {
            throw ByteCursorError(offset: newOffset, needed: 0, available: 0)
        }
        offset = newOffset
    }

    /// A cursor over the next `length` bytes only, starting at the current offset. This cursor
    /// does not move; `skip(length)` it once the window has been read.
    public func limited(to length: Int) throws(ByteCursorError) -> ByteCursor {
        try check(length)
        return ByteCursor(bytes: bytes, offset: offset, end: offset + length)
    }

    /// A cursor over the whole input (no window), at `newOffset`.
    public func unlimited(at newOffset: Int) throws(ByteCursorError) -> ByteCursor {
        guard newOffset >= 0, newOffset <= bytes.count else {
            throw ByteCursorError(offset: newOffset, needed: 0, available: 0)
        }
        return ByteCursor(bytes: bytes, offset: newOffset, end: bytes.count)
    }

    private func check(_ count: Int) throws(ByteCursorError) {
        // `count > end - offset` cannot overflow, unlike `offset + count > end`.
        guard count >= 0, count <= end - offset else {
            throw ByteCursorError(offset: offset, needed: count, available: max(0, end - offset))
        }
    }
}

/// A read past the end of a ``ByteCursor``'s window (or a seek outside it).
public struct ByteCursorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the read was attempted.
    public let offset: Int
    /// How many bytes the read needed.
    public let needed: Int
    /// How many bytes were left.
    public let available: Int

    /// An error for a read of `needed` bytes at `offset` with `available` left.
    public init(offset: Int, needed: Int, available: Int) {
        self.offset = offset
        self.needed = needed
        self.available = available
    }

    public var description: String {
        "needed \(needed) bytes at offset \(offset), \(available) left"
    }
}
