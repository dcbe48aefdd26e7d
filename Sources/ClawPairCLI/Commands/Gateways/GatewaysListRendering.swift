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
        // Second pass: the lines. A line takes at most the columns' widths, their separators
        // and a newline, plus the bytes by which its non-ASCII cells outnumber their columns.
        let rowBytes = Int(widths.reduce(0, +)) + 2 * widths.count + 1 + maxExtraBytes
        var headerLine = LineWriter(widths: widths, into: ByteChunk(capacity: rowBytes))
        for (column, title) in header.enumerated() {
            Array(title.utf8).withUnsafeBufferPointer { headerLine.cell(column, bytes: $0, width: Int32($0.count)) }
        }
        // The header bold when styled (its blank state column included), as the model path.
        let head = Array((style.bold(String(decoding: headerLine.out.bytes, as: UTF8.self)) + "\n").utf8)
        headerLine.out.deallocate()
        var line = LineWriter(widths: widths, into: ByteChunk(capacity: max(chunkBytes, rowBytes)))
        defer { line.out.deallocate() }
        line.out.makeRoom(head.count, flushingTo: write)
        head.withUnsafeBufferPointer { line.out.append($0) }
        var nextEscaped = 0
        listing.text.withUnsafeBufferPointer { text in
            scratch.withUnsafeBufferPointer { scratch in
                for (index, row) in listing.rows.enumerated() {
                    line.out.makeRoom(rowBytes, flushingTo: write)
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
        line.out.flush(to: write)
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

    /// Writes cells padded to their column's width into room made beforehand: blanks are held
    /// back until a non-empty cell follows, so a line never ends in padding.
    private struct LineWriter {
        let widths: [Int32]
        var out: ByteChunk
        private var pending = 0

        init(widths: [Int32], into out: ByteChunk) {
            self.widths = widths
            self.out = out
        }

        mutating func cell(_ column: Int, bytes cell: UnsafeBufferPointer<UInt8>, width: Int32) {
            if column > 0 { pending += 2 }
            if !cell.isEmpty {
                out.append(repeating: UInt8(ascii: " "), count: pending)
                out.append(cell)
                pending = 0
            }
            pending += Int(widths[column] - width)
        }

        mutating func cell(_ column: Int, _ constant: StaticString) {
            constant.withUTF8Buffer { self.cell(column, bytes: $0, width: Int32($0.count)) }
        }

        mutating func endLine() {
            out.append(UInt8(ascii: "\n"))
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
        var out = ByteChunk(capacity: chunkBytes)
        defer { out.deallocate() }
        out.makeRoom(1, flushingTo: write)
        out.append(UInt8(ascii: "["))
        var escapedID: [UInt8] = []
        var escapedName: [UInt8] = []
        var escapedURL: [UInt8] = []
        listing.text.withUnsafeBufferPointer { text in
            for (index, row) in listing.rows.enumerated() {
                // The three texts first, escaped where they need it, to know the room the row takes.
                let textBytes =
                    jsonStringBytes(row.id, text, &escapedID) + jsonStringBytes(row.name, text, &escapedName)
                    + jsonStringBytes(row.url, text, &escapedURL)
                out.makeRoom(textBytes + Self.jsonRowBytes, flushingTo: write)
                if index > 0 { out.append(UInt8(ascii: ",")) }
                member(&out, pretty, "{\"id\":", "\n  {\n    \"id\": ")
                jsonString(row.id, text, escapedID, &out)
                member(&out, pretty, ",\"name\":", ",\n    \"name\": ")
                jsonString(row.name, text, escapedName, &out)
                member(&out, pretty, ",\"kind\":", ",\n    \"kind\": ")
                out.append(row.kind == .manual ? "\"manual\"" : "\"discovered\"")
                member(&out, pretty, ",\"url\":", ",\n    \"url\": ")
                jsonString(row.url, text, escapedURL, &out)
                member(&out, pretty, ",\"focused\":", ",\n    \"focused\": ")
                out.append(row.focused ? "true" : "false")
                member(&out, pretty, ",\"bolt\":", ",\n    \"bolt\": ")
                out.append(row.bolted ? "true" : "false")
                member(&out, pretty, ",\"pinned\":", ",\n    \"pinned\": ")
                out.append(row.pinned ? "true" : "false")
                member(&out, pretty, ",\"paired\":", ",\n    \"paired\": ")
                out.append(row.paired ? "true" : "false")
                member(&out, pretty, ",\"access\":", ",\n    \"access\": ")
                switch row.access {
                case .full: out.append("\"full\"")
                case .limited: out.append("\"limited\"")
                case nil: out.append("null")
                }
                member(&out, pretty, ",\"lastConnectedAtMs\":", ",\n    \"lastConnectedAtMs\": ")
                if let last = row.lastConnectedAtMs { out.appendDecimal(last) } else { out.append("null") }
                out.append(pretty ? "\n  }" : "}")
            }
        }
        out.makeRoom(3, flushingTo: write)
        if pretty, !listing.rows.isEmpty { out.append(UInt8(ascii: "\n")) }
        out.append("]\n")
        out.flush(to: write)
    }

    /// The most a row takes besides its three texts: separators, keys and indentation, the
    /// longest constant values, a 20-byte number.
    private static let jsonRowBytes = 320

    /// What comes before a member's value, as ``JSONValue`` serializes it, compact or
    /// indented: the separator, indentation and key in one literal, a copy per member.
    private static func member(_ out: inout ByteChunk, _ pretty: Bool, _ compact: StaticString, _ indented: StaticString) {
        out.append(pretty ? indented : compact)
    }

    /// How many bytes a listing text (nil: `null`) takes as a JSON string: as it is, quoted,
    /// when printable ASCII without a quote or backslash (``JSONValue``'s own fast path, and
    /// `escaped` is left empty), else escaped by ``JSONValue`` into `escaped`.
    private static func jsonStringBytes(_ range: GatewayListing.TextRange?, _ text: UnsafeBufferPointer<UInt8>, _ escaped: inout [UInt8]) -> Int {
        escaped.removeAll(keepingCapacity: true)
        guard let range else { return 4 }
        let bytes = UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)])
        if PlainASCII.check(bytes, excluding: UInt8(ascii: "\""), UInt8(ascii: "\\")) { return range.count + 2 }
        escaped.append(contentsOf: JSONValue.string(String(decoding: bytes, as: UTF8.self)).serialized().utf8)
        return escaped.count
    }

    /// Writes what ``jsonStringBytes(_:_:_:)`` measured.
    private static func jsonString(_ range: GatewayListing.TextRange?, _ text: UnsafeBufferPointer<UInt8>, _ escaped: [UInt8], _ out: inout ByteChunk) {
        guard let range else { return out.append("null") }
        if !escaped.isEmpty { return escaped.withUnsafeBufferPointer { out.append($0) } }
        out.append(UInt8(ascii: "\""))
        out.append(UnsafeBufferPointer(rebasing: text[range.start..<(range.start + range.count)]))
        out.append(UInt8(ascii: "\""))
    }
}
