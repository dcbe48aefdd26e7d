/// A fully-qualified DNS name: a sequence of labels kept as raw bytes.
///
/// Labels are bytes, not text, because DNS-SD instance names are UTF-8 with spaces, dots and
/// parentheses inside a label (RFC 6763 §4.3). Comparison and hashing ignore ASCII case only
/// (RFC 4343 §3); other bytes compare exactly. The limits of RFC 1035 §2.3.4 (63 bytes a
/// label, 255 bytes in wire form) hold for every value, so encoding never fails.
public struct DNSName: Sendable {
    /// The labels, most specific first, without the empty root label.
    public let labels: [[UInt8]]

    /// The longest label, RFC 1035 §2.3.4.
    public static let maxLabelLength = 63
    /// The longest name in wire form (length bytes, labels and the root byte), RFC 1035 §2.3.4.
    public static let maxWireLength = 255

    /// The root name `.`.
    public static let root = DNSName(validatedLabels: [])

    init(validatedLabels: [[UInt8]]) {
        self.labels = validatedLabels
    }

    /// A name from raw labels; throws when a label is empty or too long, or the name too long.
    public init(labels: [[UInt8]]) throws(DNSWireError) {
        var length = 1
        for (index, label) in labels.enumerated() {
            guard !label.isEmpty else {
                throw DNSWireError(.invalidPresentation, "label \(index) is empty", offset: index)
            }
            guard label.count <= Self.maxLabelLength else {
                throw DNSWireError(.labelTooLong, "label \(index) has \(label.count) bytes; at most 63", offset: index)
            }
            length += label.count + 1
        }
        guard length <= Self.maxWireLength else {
            throw DNSWireError(.nameTooLong, "name has \(length) bytes in wire form; at most 255", offset: 0)
        }
        self.labels = labels
    }

    /// Parses presentation form (RFC 1035 §5.1): labels separated by dots, `\.` and `\\` for a
    /// literal dot or backslash, `\DDD` for any byte, `\X` for X. The trailing dot is optional
    /// (every name here is absolute); `""` and `"."` are the root. Other characters are taken as
    /// their UTF-8 bytes, so `Küche.local` works.
    public init(_ text: some StringProtocol) throws(DNSWireError) {
        let utf8 = Array(text.utf8)
        if utf8.isEmpty || utf8 == [UInt8(ascii: ".")] {
            self = .root
            return
        }
        var labels: [[UInt8]] = []
        var label: [UInt8] = []
        var index = 0
        var labelStart = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "."):
                guard !label.isEmpty else {
                    throw DNSWireError(.invalidPresentation, "empty label in \"\(text)\"", offset: labelStart)
                }
                labels.append(label)
                label = []
                index += 1
                labelStart = index
            case UInt8(ascii: "\\"):
                guard index + 1 < utf8.count else {
                    throw DNSWireError(.invalidPresentation, "\"\(text)\" ends with a lone backslash", offset: index)
                }
                if let value = Self.decimalEscape(utf8, at: index + 1) {
                    guard value <= 255 else {
                        throw DNSWireError(.invalidPresentation, "escape \\\(value) is not a byte", offset: index)
                    }
                    label.append(UInt8(value))
                    index += 4
                } else {
                    label.append(utf8[index + 1])
                    index += 2
                }
            default:
                label.append(byte)
                index += 1
            }
            guard label.count <= Self.maxLabelLength else {
                throw DNSWireError(.labelTooLong, "a label of \"\(text)\" is longer than 63 bytes", offset: labelStart)
            }
        }
        if !label.isEmpty { labels.append(label) }
        try self.init(labels: labels)
    }

    /// The value of `DDD` when three ASCII digits start at `index`.
    private static func decimalEscape(_ utf8: [UInt8], at index: Int) -> Int? {
        guard index + 3 <= utf8.count else { return nil }
        var value = 0
        for byte in utf8[index..<index + 3] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The length of the name in uncompressed wire form.
    public var wireLength: Int { labels.reduce(1) { $0 + $1.count + 1 } }

    /// True for the root name `.`.
    public var isRoot: Bool { labels.isEmpty }

    /// The name without its first `count` labels (`a.b.c.` → `c.` for 2).
    public func dropping(_ count: Int) -> DNSName {
        DNSName(validatedLabels: Array(labels.dropFirst(count)))
    }

    /// `label.self`, e.g. an instance label in front of `_openclaw-gw._tcp.local.`.
    public func prepending(_ label: [UInt8]) throws(DNSWireError) -> DNSName {
        try DNSName(labels: [label] + labels)
    }

    /// This name followed by `suffix` (`_openclaw-gw._tcp` + `local.`).
    public func appending(_ suffix: DNSName) throws(DNSWireError) -> DNSName {
        try DNSName(labels: labels + suffix.labels)
    }

    /// True when this name equals `other` or lies below it (ASCII case ignored).
    public func isSubdomain(of other: DNSName) -> Bool {
        guard labels.count >= other.labels.count else { return false }
        return zip(labels.suffix(other.labels.count), other.labels).allSatisfy { Self.labelsEqual($0, $1) }
    }

    static func labelsEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
}

// MARK: Equality ignores ASCII case (RFC 4343 §3)

extension DNSName: Hashable {
    public static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        lhs.labels.count == rhs.labels.count && zip(lhs.labels, rhs.labels).allSatisfy { labelsEqual($0, $1) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(labels.count)
        for label in labels {
            hasher.combine(label.count)
            for byte in label { hasher.combine(byte.asciiLowercased) }
        }
    }
}

// MARK: Presentation form

extension DNSName: CustomStringConvertible {
    /// Presentation form with the trailing dot: `.` and `\` escaped with a backslash, bytes
    /// outside printable ASCII (and space) as `\DDD`, so any name reads back unchanged through
    /// ``init(_:)`` and a zone file.
    public var description: String {
        guard !labels.isEmpty else { return "." }
        var output: [UInt8] = []
        output.reserveCapacity(wireLength)
        for label in labels {
            Self.appendEscaped(label, to: &output)
            output.append(UInt8(ascii: "."))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One label in presentation form, without a dot.
    public static func escape(_ label: [UInt8]) -> String {
        var output: [UInt8] = []
        appendEscaped(label, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `label` in presentation form: `.` and `\` escaped, other bytes outside
    /// printable ASCII as `\DDD` (RFC 1035 §5.1), into the caller's buffer: no String per
    /// label or escaped byte.
    private static func appendEscaped(_ label: [UInt8], to output: inout [UInt8]) {
        for byte in label {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x21...0x7E:
                output.append(byte)
            default:
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(ascii: "0") + byte / 100)
                output.append(UInt8(ascii: "0") + byte / 10 % 10)
                output.append(UInt8(ascii: "0") + byte % 10)
            }
        }
    }
}

// MARK: Wire form (RFC 1035 §3.1, §4.1.4)

extension DNSName {
    /// The most compression pointers one name may follow. A name has at most 127 labels and
    /// each pointer must lead to a new label sequence, so more than this is a loop or an attack.
    static let maxPointerHops = 128

    /// Reads a name at the cursor, following compression pointers anywhere earlier in the
    /// whole message (`cursor.bytes`). Labels before the first pointer must lie inside the
    /// cursor's window (a record's data); the cursor ends just past the name's bytes there.
    ///
    /// A pointer must point strictly before the start of the label sequence it ends (RFC 1035
    /// §4.1.4: "a prior occurrence of the same name"; BIND enforces the same). Every jump then
    /// moves backwards, so loops are impossible, and the hop limit bounds the work.
    static func parse(_ cursor: inout ByteCursor) throws(DNSWireError) -> DNSName {
        var labels: [[UInt8]] = []
        var wireLength = 1
        var reader = cursor
        var jumped = false
        var sequenceStart = cursor.offset
        var hops = 0
        while true {
            let lengthOffset = reader.offset
            let length = try reader.dnsUInt8("name label length")
            switch length & 0xC0 {
            case 0x00:
                if length == 0 {
                    if !jumped { cursor = reader }
                    return DNSName(validatedLabels: labels)
                }
                // The 0x00 prefix already limits a label to 63 bytes; only the total can grow.
                wireLength += Int(length) + 1
                guard wireLength <= maxWireLength else {
                    throw DNSWireError(.nameTooLong, "name is longer than 255 bytes", offset: lengthOffset)
                }
                labels.append(try reader.dnsBytes(Int(length), "name label"))
            case 0xC0:
                let low = try reader.dnsUInt8("compression pointer")
                let target = Int(length & 0x3F) << 8 | Int(low)
                if !jumped {
                    cursor = reader
                    jumped = true
                }
                guard target < reader.bytes.count else {
                    throw DNSWireError(
                        .badPointer, "compression pointer to \(target) is past the end of the message",
                        offset: lengthOffset)
                }
                guard target < sequenceStart else {
                    throw DNSWireError(
                        .badPointer, "compression pointer to \(target) does not point backwards",
                        offset: lengthOffset)
                }
                hops += 1
                guard hops <= maxPointerHops else {
                    throw DNSWireError(.pointerLoop, "name follows more than \(maxPointerHops) pointers", offset: lengthOffset)
                }
                do { reader = try reader.unlimited(at: target) } catch { throw .truncation(error, "compression pointer") }
                sequenceStart = target
            default:
                // 0x40 and 0x80: extended label types (RFC 6891 §5 deprecates them); unknown.
                throw DNSWireError(
                    .badLabelType, "label type 0x\(String(length & 0xC0, radix: 16)) is not supported",
                    offset: lengthOffset)
            }
        }
    }
}

extension UInt8 {
    /// The byte with ASCII `A`–`Z` mapped to `a`–`z`; other bytes unchanged.
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
