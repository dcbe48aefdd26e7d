/// Output assembled in one fixed buffer and handed on a chunk at a time, for the outputs that
/// run to megabytes (`gateways list` with thousands of entries). A writer makes room once for
/// a piece of known size (``makeRoom(_:flushingTo:)``), then copies into it with no growth
/// check per write, where `[UInt8].append` spends more than the bytes are worth; and memory
/// stays flat however much is written. The buffer is this value's own: ``deallocate()`` ends it.
struct ByteChunk {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written since the last flush.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    func deallocate() { start.deallocate() }

    /// What is written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Makes sure `needed` more bytes fit: hands what is written to `write` when they do not,
    /// and grows the buffer when a single piece is larger than it.
    mutating func makeRoom(_ needed: Int, flushingTo write: ([UInt8]) -> Void) {
        guard count + needed > capacity else { return }
        flush(to: write)
        if needed > capacity {
            start.deallocate()
            capacity = needed
            start = .allocate(capacity: capacity)
        }
    }

    /// Hands what is written to `write` (nothing when empty) and starts again.
    mutating func flush(to write: ([UInt8]) -> Void) {
        if count > 0 { write(bytes) }
        count = 0
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + bytes.count <= capacity, "ByteChunk: write beyond the room made")
        if let source = bytes.baseAddress { Self.copy(from: source, to: start + count, bytes.count) }
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Copies `length` bytes. Most pieces are a cell or a JSON key of a few bytes, a hundred
    /// thousand of them in a large listing: up to 16 bytes are moved as two overlapping
    /// words, inline, where a call to `memmove` costs more than the bytes (bench/registry).
    @inline(__always)
    private static func copy(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, _ length: Int) {
        switch length {
        case 8...16:
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            destination.storeBytes(of: head, as: UInt64.self)
            destination.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        case 4..<8:
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            destination.storeBytes(of: head, as: UInt32.self)
            destination.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        case 1..<4:
            for index in 0..<length {
                destination.storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
            }
        case 0:
            break
        default:
            destination.copyMemory(from: source, byteCount: length)
        }
    }

    mutating func append(_ byte: UInt8) {
        precondition(count < capacity, "ByteChunk: write beyond the room made")
        start[count] = byte
        count += 1
    }

    mutating func append(repeating byte: UInt8, count repeats: Int) {
        precondition(count + repeats <= capacity, "ByteChunk: write beyond the room made")
        (start + count).initialize(repeating: byte, count: repeats)
        count += repeats
    }

    /// `value` in decimal ASCII, as `String(value)` writes it.
    mutating func appendDecimal(_ value: Int64) {
        var magnitude = value.magnitude  // as UInt64: -Int64.min does not fit in an Int64
        var length = value < 0 ? 2 : 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        precondition(count + length <= capacity, "ByteChunk: write beyond the room made")
        if value < 0 { start[count] = UInt8(ascii: "-") }
        var index = count + length
        repeat {
            index -= 1
            start[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += length
    }
}
