import ClawPairKit

/// `gateways list`, written straight from a ``GatewayListing`` into one UTF-8 buffer, without
/// a model or a String per cell: with thousands of entries those cost far more than reading
/// SQLite (bench/registry). Text that is printable ASCII (the usual case) is copied as it
/// is; anything else goes through the escaping every other output uses
/// (``TerminalText/escape(_:)``, ``JSONValue`` strings).
enum GatewaysListRendering {
    // MARK: Table

    static let header = ["", "NAME", "URL", "ACCESS", "PIN", "LAST CONNECTED", "ID"]

    /// Where a cell's bytes are: in the listing's text (printable ASCII, copied as it is) or
    /// in the renderer's scratch buffer (escaped text, timestamps, constants).
    private struct Cell {
        var start: Int32
        var count: Int32
        /// Columns: grapheme clusters, which differ from `count` only for non-ASCII text.
        var width: Int32
        var inScratch: Bool
    }

    /// The cells that are not the same few constants on every row.
    private struct PreparedRow {
        var name: Cell
        var url: Cell
        var lastConnected: Cell
        var id: Cell
    }

    /// The `gateways list` table: a header (bold when `style` is on) and one line per row,
    /// columns two spaces apart, no trailing blanks.
    static func table(_ listing: GatewayListing, style: Style) -> [UInt8] {
        var scratch: [UInt8] = []
        let dash = constant("-", in: &scratch)
        let never = constant("never", in: &scratch)
        var widths = header.map { Int32($0.utf8.count) }
        // First pass: escape what needs it, format the timestamps, measure every column.
        var prepared: [PreparedRow] = []
        prepared.reserveCapacity(listing.rows.count)
        var extraBytes = 0
        listing.text.withUnsafeBufferPointer { text in
            for row in listing.rows {
                let cells = PreparedRow(
                    name: terminalCell(row.name, text, &scratch),
                    url: row.url.map { terminalCell($0, text, &scratch) } ?? dash,
                    lastConnected: row.lastConnectedAtMs.map { timestamp($0, &scratch) } ?? never,
                    id: terminalCell(row.id, text, &scratch))
                widths[0] = max(widths[0], Int32(stateText(row).utf8CodeUnitCount))
                widths[1] = max(widths[1], cells.name.width)
                widths[2] = max(widths[2], cells.url.width)
                widths[3] = max(widths[3], Int32(accessText(row).utf8CodeUnitCount))
                widths[4] = max(widths[4], Int32(pinText(row).utf8CodeUnitCount))
                widths[5] = max(widths[5], cells.lastConnected.width)
                widths[6] = max(widths[6], cells.id.width)
                extraBytes += Int(cells.name.count - cells.name.width + cells.url.count - cells.url.width + cells.id.count - cells.id.width)
                prepared.append(cells)
            }
        }
        // Second pass: the lines, into one buffer of known size. A line takes at most the
        // columns' widths, their separators and a newline, plus the bytes by which non-ASCII
        // cells outnumber their columns.
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
        let capacity = head.count + lineBytes * listing.rows.count + extraBytes
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var line = LineWriter(widths: widths, into: buffer)
            head.withUnsafeBufferPointer { line.write($0) }
            listing.text.withUnsafeBufferPointer { text in
                scratch.withUnsafeBufferPointer { scratch in
                    for (row, cells) in zip(listing.rows, prepared) {
                        line.cell(0, stateText(row))
                        line.cell(1, cells.name, text, scratch)
                        line.cell(2, cells.url, text, scratch)
                        line.cell(3, accessText(row))
                        line.cell(4, pinText(row))
                        line.cell(5, cells.lastConnected, text, scratch)
                        line.cell(6, cells.id, text, scratch)
                        line.endLine()
                    }
                }
            }
            initialized = line.count
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

        mutating func cell(_ column: Int, _ cell: Cell, _ text: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeBufferPointer<UInt8>) {
            let source = cell.inScratch ? scratch : text
            self.cell(column, bytes: UnsafeBufferPointer(rebasing: source[Int(cell.start)..<Int(cell.start + cell.count)]), width: cell.width)
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

    private static func constant(_ text: String, in scratch: inout [UInt8]) -> Cell {
        let start = scratch.count
        scratch.append(contentsOf: text.utf8)
        return Cell(start: Int32(start), count: Int32(text.utf8.count), width: Int32(text.utf8.count), inScratch: true)
    }

    private static func timestamp(_ milliseconds: Int64, _ scratch: inout [UInt8]) -> Cell {
        let start = scratch.count
        UTCTimestamp.append(milliseconds: milliseconds, to: &scratch)
        let count = Int32(scratch.count - start)
        return Cell(start: Int32(start), count: count, width: count, inScratch: true)
    }

    /// A listing text escaped for the terminal, and its width in columns: grapheme clusters
    /// (bytes, for ASCII).
    private static func terminalCell(_ range: GatewayListing.TextRange, _ text: UnsafeBufferPointer<UInt8>, _ scratch: inout [UInt8]) -> Cell {
        let bytes = UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)])
        if PlainASCII.check(bytes, excluding: UInt8(ascii: "\\"), UInt8(ascii: "\\")) {
            return Cell(start: Int32(range.start), count: Int32(range.count), width: Int32(range.count), inScratch: false)
        }
        let escaped = TerminalText.escape(String(decoding: bytes, as: UTF8.self))
        let start = scratch.count
        scratch.append(contentsOf: escaped.utf8)
        let count = escaped.utf8.count
        let width = escaped.utf8.allSatisfy { $0 < 0x80 } ? count : escaped.count
        return Cell(start: Int32(start), count: Int32(count), width: Int32(width), inScratch: true)
    }

    // MARK: JSON

    /// `[{id, name, kind, url, focused, bolt, pinned, paired, access, lastConnectedAtMs}, …]`
    /// and a newline, as ``CommandContext/printJSON(_:)`` writes a ``JSONValue``: compact, or
    /// indented by two spaces when `pretty`.
    static func json(_ listing: GatewayListing, pretty: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(listing.rows.count * (pretty ? 320 : 220) + 4)
        output.append(UInt8(ascii: "["))
        listing.text.withUnsafeBufferPointer { text in
            for (index, row) in listing.rows.enumerated() {
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
        return output
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
