/// Makes untrusted text (TXT values, instance names, gateway messages, QR contents) safe to
/// print: control characters, DEL, the C1 range and bidirectional overrides are written as
/// visible escapes, so a hostile string cannot move the cursor, recolour, retitle the
/// terminal or reorder what the user reads.
enum TerminalText {
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: output += "\\t"
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x00..<0x20, 0x7F: output += "\\x" + hex(scalar.value, width: 2)
            case 0x80..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                output += "\\u{" + hex(scalar.value, width: 4) + "}"
            case 0x5C: output += "\\\\"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
