import ClawPairKit

/// `gateways list`, written straight from a ``GatewayListing`` into UTF-8 chunks, without a
/// model or a String per cell: with thousands of entries those cost far more than reading
/// SQLite (bench/registry). Text that is printable ASCII (the usual case) is copied as it
/// is; anything else goes through the escaping every other output uses
/// (``TerminalText/escape(_:)``, ``JSONValue`` strings). Output goes out in chunks of about
/// ``chunkBytes`` so memory stays flat however many rows there are: a buffer for the whole
/// table would cost a fresh page per 4 KiB written.
enum GatewaysListRendering {
    /// How much output is gathered before it is handed on.
    static let chunkBytes = 64 << 10

    /// All of ``table(_:style:chunkBytes:write:)``'s output in one array.
    static func table(_ listing: GatewayListing, style: Style, chunkBytes: Int = chunkBytes) -> [UInt8] {
        var output: [UInt8] = []
        table(listing, style: style, chunkBytes: chunkBytes) { output += $0 }
        return output
    }

    /// All of ``json(_:pretty:chunkBytes:write:)``'s output in one array.
    static func json(_ listing: GatewayListing, pretty: Bool, chunkBytes: Int = chunkBytes) -> [UInt8] {
        var output: [UInt8] = []
        json(listing, pretty: pretty, chunkBytes: chunkBytes) { output += $0 }
        return output
    }

    // MARK: Table

    static let header = ["", "NAME", "URL", "ACCESS", "PIN", "LAST CONNECTED", "ID"]

    /// Columns of the cells taken from the listing's text.
    private enum TextColumn: UInt8 {
        case name = 1, url = 2, id = 6
    }

    /// A listing text that is not printable ASCII, escaped into the renderer's scratch buffer.
    private struct EscapedCell {
        var row: Int32
        var column: TextColumn
        var start: Int32
        var count: Int32
        /// Columns: grapheme clusters.
        var width: Int32
    }

    /// The `gateways list` table: a header (bold when `style` is on) and one line per row,
    /// columns two spaces apart, no trailing blanks, handed to `write` in chunks of about
    /// `chunkBytes`.
    static func table(_ listing: GatewayListing, style: Style, chunkBytes: Int = chunkBytes, write: ([UInt8]) -> Void) {
        // First pass: measure every column, escaping the texts that need it (rare, so they
        // are kept aside in row order rather than a prepared cell per row).
        var widths = header.map { Int32($0.utf8.count) }
        var escaped: [EscapedCell] = []
        var scratch: [UInt8] = []
        var maxExtraBytes = 0
        // A timestamp's width grows with its year's digits: the earliest and latest have the widest.
        var timestamps: (earliest: Int64, latest: Int64)?
        listing.text.withUnsafeBufferPointer { text in
            for (index, row) in listing.rows.enumerated() {
                let extraBytes =
                    measure(row.name, .name, row: index, text, &widths, &escaped, &scratch)
                    + measure(row.url, .url, row: index, text, &widths, &escaped, &scratch)
                    + measure(row.id, .id, row: index, text, &widths, &escaped, &scratch)
                maxExtraBytes = max(maxExtraBytes, extraBytes)
                widths[0] = max(widths[0], Int32(stateText(row).utf8CodeUnitCount))
                widths[3] = max(widths[3], Int32(accessText(row).utf8CodeUnitCount))
                widths[4] = max(widths[4], Int32(pinText(row).utf8CodeUnitCount))
                if let milliseconds = row.lastConnectedAtMs {
                    timestamps = (min(timestamps?.earliest ?? .max, milliseconds), max(timestamps?.latest ?? .min, milliseconds))
                } else {
                    widths[5] = max(widths[5], 5)  // "never"
                }
            }
        }
        var stamp: [UInt8] = []
        stamp.reserveCapacity(32)
        if let timestamps {
            for milliseconds in [timestamps.earliest, timestamps.latest] {
                stamp.removeAll(keepingCapacity: true)
                UTCTimestamp.append(milliseconds: milliseconds, to: &stamp)
                widths[5] = max(widths[5], Int32(stamp.count))
            }
        }
        // Second pass: the lines, into a chunk of known size. A line takes at most the
        // columns' widths, their separators and a newline, plus the bytes by which its
        // non-ASCII cells outnumber their columns.
        let lineBytes = Int(widths.reduce(0, +)) + 2 * widths.count + 1
        let headerLine = [UInt8](unsafeUninitializedCapacity: lineBytes) { buffer, initialized in
            var line = LineWriter(widths: widths, into: buffer)
            for (column, title) in header.enumerated() {
                Array(title.utf8).withUnsafeBufferPointer { line.cell(column, bytes: $0, width: Int32($0.count)) }
            }
            initialized = line.count
        }
        // The header bold when styled (its blank state column included), as the model path.
        let head = Array((style.bold(String(decoding: headerLine, as: UTF8.self)) + "\n").utf8)
        let rowBytes = lineBytes + maxExtraBytes
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(chunkBytes, head.count + rowBytes))
        defer { chunk.deallocate() }
        var line = LineWriter(widths: widths, into: chunk)
        head.withUnsafeBufferPointer { line.write($0) }
        var nextEscaped = 0
        listing.text.withUnsafeBufferPointer { text in
            scratch.withUnsafeBufferPointer { scratch in
                for (index, row) in listing.rows.enumerated() {
                    if line.count + rowBytes > chunk.count {
                        write(Array(UnsafeBufferPointer(rebasing: chunk[..<line.count])))
                        line.restart()
                    }
                    line.cell(0, stateText(row))
                    textCell(row.name, .name, row: index, text, escaped, scratch, &nextEscaped, &line)
                    textCell(row.url, .url, row: index, text, escaped, scratch, &nextEscaped, &line)
                    line.cell(3, accessText(row))
                    line.cell(4, pinText(row))
                    if let milliseconds = row.lastConnectedAtMs {
                        stamp.removeAll(keepingCapacity: true)
                        UTCTimestamp.append(milliseconds: milliseconds, to: &stamp)
                        stamp.withUnsafeBufferPointer { line.cell(5, bytes: $0, width: Int32($0.count)) }
                    } else {
                        line.cell(5, "never")
                    }
                    textCell(row.id, .id, row: index, text, escaped, scratch, &nextEscaped, &line)
                    line.endLine()
                }
            }
        }
        write(Array(UnsafeBufferPointer(rebasing: chunk[..<line.count])))
    }

    /// Widens `column` for a listing text (nil: "-") and returns the bytes by which its cell
    /// outnumbers its columns: zero for printable ASCII, which is copied as it is; anything
    /// else is escaped into `scratch` and recorded in `escaped`, its width in grapheme clusters.
    private static func measure(
        _ range: GatewayListing.TextRange?, _ column: TextColumn, row: Int, _ text: UnsafeBufferPointer<UInt8>,
        _ widths: inout [Int32], _ escaped: inout [EscapedCell], _ scratch: inout [UInt8]
    ) -> Int {
        let index = Int(column.rawValue)
        guard let range else {
            widths[index] = max(widths[index], 1)
            return 0
        }
        let bytes = UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)])
        if PlainASCII.check(bytes, excluding: UInt8(ascii: "\\"), UInt8(ascii: "\\")) {
            widths[index] = max(widths[index], Int32(range.count))
            return 0
        }
        let escapedText = TerminalText.escape(String(decoding: bytes, as: UTF8.self))
        let start = scratch.count
        scratch.append(contentsOf: escapedText.utf8)
        let count = escapedText.utf8.count
        let width = escapedText.utf8.allSatisfy { $0 < 0x80 } ? count : escapedText.count
        escaped.append(EscapedCell(row: Int32(row), column: column, start: Int32(start), count: Int32(count), width: Int32(width)))
        widths[index] = max(widths[index], Int32(width))
        return count - width
    }

    /// Writes a listing text's cell (nil: "-"): the next escaped cell when it is this one
    /// (``measure(_:_:row:_:_:_:_:)`` recorded them in order), else the text as it is.
    private static func textCell(
        _ range: GatewayListing.TextRange?, _ column: TextColumn, row: Int, _ text: UnsafeBufferPointer<UInt8>,
        _ escaped: [EscapedCell], _ scratch: UnsafeBufferPointer<UInt8>, _ nextEscaped: inout Int, _ line: inout LineWriter
    ) {
        let index = Int(column.rawValue)
        if nextEscaped < escaped.count, escaped[nextEscaped].row == row, escaped[nextEscaped].column == column {
            let cell = escaped[nextEscaped]
            nextEscaped += 1
            line.cell(index, bytes: UnsafeBufferPointer(rebasing: scratch[Int(cell.start)..<Int(cell.start + cell.count)]), width: cell.width)
        } else if let range {
            line.cell(index, bytes: UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)]), width: Int32(range.count))
        } else {
            line.cell(index, "-")
        }
    }

    /// Writes cells padded to their column's width into memory sized beforehand (a copy per
    /// cell, no growth checks): blanks are held back until a non-empty cell follows, so a
    /// line never ends in padding.
    private struct LineWriter {
        let widths: [Int32]
        private let base: UnsafeMutablePointer<UInt8>
        private let capacity: Int
        /// Bytes written so far.
        private(set) var count = 0
        private var pending = 0

        init(widths: [Int32], into buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.widths = widths
            base = buffer.baseAddress!
            capacity = buffer.count
        }

        /// Starts again at the beginning of the buffer, once its lines are handed on.
        mutating func restart() { count = 0 }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            precondition(count + bytes.count <= capacity, "table line longer than its columns")
            if let source = bytes.baseAddress { (base + count).initialize(from: source, count: bytes.count) }
            count += bytes.count
        }

        mutating func cell(_ column: Int, bytes cell: UnsafeBufferPointer<UInt8>, width: Int32) {
            if column > 0 { pending += 2 }
            if !cell.isEmpty {
                precondition(count + pending <= capacity, "table line longer than its columns")
                (base + count).initialize(repeating: UInt8(ascii: " "), count: pending)
                count += pending
                write(cell)
                pending = 0
            }
            pending += Int(widths[column] - width)
        }

        mutating func cell(_ column: Int, _ constant: StaticString) {
            constant.withUTF8Buffer { self.cell(column, bytes: $0, width: Int32($0.count)) }
        }

        mutating func endLine() {
            precondition(count < capacity, "table line longer than its columns")
            base[count] = UInt8(ascii: "\n")
            count += 1
            pending = 0
        }
    }

    private static func stateText(_ row: GatewayListing.Row) -> StaticString { row.focused ? "focus" : row.bolted ? "bolt" : "" }

    private static func accessText(_ row: GatewayListing.Row) -> StaticString {
        switch row.access {
        case .full: "full"
        case .limited: "limited"
        case nil: row.paired ? "-" : "unpaired"
        }
    }

    private static func pinText(_ row: GatewayListing.Row) -> StaticString { row.pinned ? "yes" : "no" }

    // MARK: JSON

    /// `[{id, name, kind, url, focused, bolt, pinned, paired, access, lastConnectedAtMs}, …]`
    /// and a newline, as ``CommandContext/printJSON(_:)`` writes a ``JSONValue``: compact, or
    /// indented by two spaces when `pretty`; handed to `write` in chunks of about `chunkBytes`.
    static func json(_ listing: GatewayListing, pretty: Bool, chunkBytes: Int = chunkBytes, write: ([UInt8]) -> Void) {
        var output: [UInt8] = []
        output.reserveCapacity(chunkBytes + 1024)
        output.append(UInt8(ascii: "["))
        listing.text.withUnsafeBufferPointer { text in
            for (index, row) in listing.rows.enumerated() {
                if output.count >= chunkBytes {
                    write(output)
                    output.removeAll(keepingCapacity: true)
                }
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { output.appendLiteral("\n  ") }
                output.append(UInt8(ascii: "{"))
                var members = JSONMembers(pretty: pretty)
                members.key("id", &output)
                jsonString(row.id, text, &output)
                members.key("name", &output)
                jsonString(row.name, text, &output)
                members.key("kind", &output)
                output.appendLiteral(row.kind == .manual ? "\"manual\"" : "\"discovered\"")
                members.key("url", &output)
                if let url = row.url { jsonString(url, text, &output) } else { output.appendLiteral("null") }
                members.bool("focused", row.focused, &output)
                members.bool("bolt", row.bolted, &output)
                members.bool("pinned", row.pinned, &output)
                members.bool("paired", row.paired, &output)
                members.key("access", &output)
                switch row.access {
                case .full: output.appendLiteral("\"full\"")
                case .limited: output.appendLiteral("\"limited\"")
                case nil: output.appendLiteral("null")
                }
                members.key("lastConnectedAtMs", &output)
                if let last = row.lastConnectedAtMs { output.appendDecimal(last) } else { output.appendLiteral("null") }
                if pretty { output.appendLiteral("\n  ") }
                output.append(UInt8(ascii: "}"))
            }
        }
        if pretty, !listing.rows.isEmpty { output.append(UInt8(ascii: "\n")) }
        output.appendLiteral("]\n")
        write(output)
    }

    /// Separators and keys of one object's members, as ``JSONValue`` serializes them.
    private struct JSONMembers {
        let pretty: Bool
        var first = true

        mutating func key(_ key: StaticString, _ output: inout [UInt8]) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            if pretty { output.appendLiteral("\n    ") }
            output.append(UInt8(ascii: "\""))
            output.appendLiteral(key)
            output.appendLiteral(pretty ? "\": " : "\":")
        }

        mutating func bool(_ key: StaticString, _ value: Bool, _ output: inout [UInt8]) {
            self.key(key, &output)
            output.appendLiteral(value ? "true" : "false")
        }
    }

    /// A listing text as a JSON string: as it is when printable ASCII without a quote or
    /// backslash (``JSONValue``'s own fast path), else through ``JSONValue``'s escaping.
    private static func jsonString(_ range: GatewayListing.TextRange, _ text: UnsafeBufferPointer<UInt8>, _ output: inout [UInt8]) {
        let bytes = UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)])
        if PlainASCII.check(bytes, excluding: UInt8(ascii: "\""), UInt8(ascii: "\\")) {
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: bytes)
            output.append(UInt8(ascii: "\""))
        } else {
            output.append(contentsOf: JSONValue.string(String(decoding: bytes, as: UTF8.self)).serialized().utf8)
        }
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes in one copy (`append(contentsOf: "…".utf8)` walks a
    /// String view, which costs more than the bytes are worth, ten times per row).
    fileprivate mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
