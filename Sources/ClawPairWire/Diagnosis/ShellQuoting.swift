/// Quotes words for the shell commands a remedy spells out, so a path with spaces or quotes
/// can be pasted as is.
package enum ShellQuoting {
    /// The word unchanged when it needs no quoting, else in single quotes (`'` → `'\''`).
    package static func quote(_ word: String) -> String {
        let safe = word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: ","), UInt8(ascii: "%"):
                true
            default:
                false
            }
        }
        if safe && !word.isEmpty && !word.hasPrefix("-") { return word }
        var quoted = "'"
        for character in word {
            quoted += character == "'" ? "'\\''" : String(character)
        }
        return quoted + "'"
    }
}
