extension JSONValue {
    /// The value as compact JSON text, keys in document order.
    ///
    /// Control characters, DEL and the C1 range are written as `\u` escapes even where JSON
    /// would allow them raw, so a document that echoes network text is safe to print on a
    /// terminal.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value):
            // Integral doubles print without a fraction, as JavaScript does.
            if value.rounded() == value, abs(value) < 1e15 { output += String(Int64(value)) } else { output += String(value) }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, to: &output, indent: indent) { index, output, inner in
                elements[index].write(to: &output, indent: inner)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &output, indent: indent) { index, output, inner in
                Self.writeString(members[index].0, to: &output)
                output += inner == nil ? ":" : ": "
                members[index].1.write(to: &output, indent: inner)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to output: inout String, indent: Int?,
        element: (Int, inout String, Int?) -> Void
    ) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            element(index, &output, inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Fast path: printable ASCII without a quote or backslash needs no escaping.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
