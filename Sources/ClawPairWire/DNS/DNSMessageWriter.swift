/// Builds a DNS message in wire form, compressing names (RFC 1035 §4.1.4).
///
/// Suffixes are matched byte for byte, not case-insensitively, so compression never changes
/// the case a name was written with (mDNS instance names are case-preserving).
struct DNSMessageWriter {
    private(set) var bytes: [UInt8] = []
    /// Where each name suffix already written starts, for pointers.
    private var suffixOffsets: [ArraySlice<[UInt8]>: Int] = [:]

    /// A pointer has 14 bits, so only the first 16 KiB of a message can be pointed at.
    private static let maxPointerTarget = 0x3FFF

    var count: Int { bytes.count }

    mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }

    mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func writeUInt32(_ value: UInt32) {
        writeUInt16(UInt16(value >> 16))
        writeUInt16(UInt16(value & 0xFFFF))
    }

    mutating func writeBytes(_ value: [UInt8]) { bytes += value }

    mutating func patchUInt16(_ value: UInt16, at offset: Int) {
        bytes[offset] = UInt8(value >> 8)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }

    /// Writes `name`, ending in a pointer to an earlier copy of its longest known suffix when
    /// `compress` is set. Every suffix written is remembered either way.
    mutating func writeName(_ name: DNSName, compress: Bool) {
        let labels = name.labels
        for index in labels.indices {
            let suffix = labels[index...]
            if compress, let target = suffixOffsets[suffix] {
                writeUInt16(0xC000 | UInt16(target))
                return
            }
            if bytes.count <= Self.maxPointerTarget, suffixOffsets[suffix] == nil {
                suffixOffsets[suffix] = bytes.count
            }
            writeUInt8(UInt8(labels[index].count))
            writeBytes(labels[index])
        }
        writeUInt8(0)
    }
}
