/// SHA-256 certificate fingerprints as setup codes carry them.
public enum TLSFingerprint {
    /// Normalises a setup code's `tlsFingerprint`: trim, drop an optional `sha256:` prefix
    /// (any case), remove `:`, then exactly 64 hex digits, returned lowercase. Nil for
    /// anything else (which invalidates the whole code).
    public static func normalize(_ text: String) -> String? {
        var value = Substring(text.trimmingWhitespace())
        if value.lowercased().hasPrefix("sha256:") { value = value.dropFirst(7) }
        let hex = value.filter { $0 != ":" }.lowercased()
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return hex
    }
}
