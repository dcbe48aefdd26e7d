/// Why a DNS message (or a name in presentation form) could not be read; ``LayerError/offset``
/// is where in the message (or the text, for presentation names) the problem was found.
public typealias DNSWireError = LayerError<DNSWireFailure>

/// The family of ``DNSWireError``; its detail is the byte offset.
public enum DNSWireFailure: ErrorFamily {
    public typealias Detail = Int

    public static func describe(_ error: DNSWireError) -> String { "\(error.code): \(error.reason) (offset \(error.offset))" }
}

extension LayerError where Family == DNSWireFailure {
    /// An error found at `offset`, recording where it was made.
    public init(_ code: Code, _ reason: String, offset: Int, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(code, reason, detail: offset, fileID: fileID, line: line)
    }

    /// Byte offset in the message (or in the text being parsed) where reading failed.
    public var offset: Int { detail }
}

extension ErrorCode where Family == DNSWireFailure {
    /// A field or record runs past the end of the message (or of its record data).
    public static let truncated = Self("truncated")
    /// The header's counts claim more records than the message has room for.
    public static let countsExceedMessage = Self("countsExceedMessage")
    /// A label longer than 63 bytes (RFC 1035 §2.3.4).
    public static let labelTooLong = Self("labelTooLong")
    /// A name longer than 255 bytes in wire form (RFC 1035 §2.3.4).
    public static let nameTooLong = Self("nameTooLong")
    /// A label type other than a plain label or a pointer (the 0x40/0x80 prefixes).
    public static let badLabelType = Self("badLabelType")
    /// A compression pointer that does not point strictly backwards into the message.
    public static let badPointer = Self("badPointer")
    /// More compression pointers in one name than any real name needs.
    public static let pointerLoop = Self("pointerLoop")
    /// The names of a message add up to more labels than it has bytes: pointers reused
    /// to make a small message decode into a huge one.
    public static let tooManyLabels = Self("tooManyLabels")
    /// Record data whose length disagrees with its content (RFC 1035 §3.2.1 RDLENGTH).
    public static let rdataLengthMismatch = Self("rdataLengthMismatch")
    /// A name in presentation form that cannot be a DNS name (bad escape, empty label).
    public static let invalidPresentation = Self("invalidPresentation")
}

// MARK: Cursor reads that fail as DNS errors

extension ByteCursor {
    // Each read names the field it was reading, so errors say "rdlength", not just "short".
    mutating func dnsUInt8(_ field: @autoclosure () -> String) throws(DNSWireError) -> UInt8 {
        do { return try readUInt8() } catch { throw .truncation(error, field()) }
    }

    mutating func dnsUInt16(_ field: @autoclosure () -> String) throws(DNSWireError) -> UInt16 {
        do { return try readUInt16() } catch { throw .truncation(error, field()) }
    }

    mutating func dnsUInt32(_ field: @autoclosure () -> String) throws(DNSWireError) -> UInt32 {
        do { return try readUInt32() } catch { throw .truncation(error, field()) }
    }

    mutating func dnsBytes(_ count: Int, _ field: @autoclosure () -> String) throws(DNSWireError) -> [UInt8] {
        do { return try readBytes(count) } catch { throw .truncation(error, field()) }
    }

    mutating func dnsSkip(_ count: Int, _ field: @autoclosure () -> String) throws(DNSWireError) {
        do { try skip(count) } catch { throw .truncation(error, field()) }
    }

    func dnsLimited(to length: Int, _ field: @autoclosure () -> String) throws(DNSWireError) -> ByteCursor {
        do { return try limited(to: length) } catch { throw .truncation(error, field()) }
    }
}

extension DNSWireError {
    static func truncation(_ error: ByteCursorError, _ field: String) -> DNSWireError {
        DNSWireError(
            .truncated, "\(field) needs \(error.needed) bytes but only \(error.available) are left",
            offset: error.offset)
    }
}
