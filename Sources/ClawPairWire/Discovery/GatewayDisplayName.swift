/// The name a person sees for a discovered gateway (spec/discovery.md).
public enum GatewayDisplayName {
    /// The TXT `displayName` when present, else ``fromInstanceName(_:)``.
    public static func resolve(txt: GatewayTXT, instanceName: String) -> String {
        txt.displayName ?? fromInstanceName(instanceName)
    }

    /// The decoded instance name with whitespace runs collapsed, then a trailing ` (N)` (the
    /// responder's collision suffix, RFC 6762 §9) and a trailing ` (OpenClaw)` (any case)
    /// removed: `Studio (OpenClaw) (2)` → `Studio`. A name that would end up empty is kept.
    public static func fromInstanceName(_ name: String) -> String {
        var text = name.collapsingWhitespace()
        if let stripped = strippingCollisionSuffix(text) { text = stripped }
        if let stripped = strippingSuffix(" (openclaw)", from: text) { text = stripped }
        return text.isEmpty ? name.collapsingWhitespace() : text
    }

    /// `text` without a trailing ` (digits)`, or nil when it has none.
    private static func strippingCollisionSuffix(_ text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        guard scalars.last == ")" else { return nil }
        scalars.removeLast()
        var digits = 0
        while let last = scalars.last, ("0"..."9").contains(last) {
            scalars.removeLast()
            digits += 1
        }
        guard digits > 0, scalars.suffix(2) == [" ", "("] else { return nil }
        scalars.removeLast(2)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view).trimmingWhitespace()
    }

    /// `text` without `suffix` (compared ignoring case), or nil when it does not end so.
    private static func strippingSuffix(_ suffix: String, from text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let wanted = Array(suffix.unicodeScalars)
        guard scalars.count >= wanted.count,
            String(String.UnicodeScalarView(scalars.suffix(wanted.count))).lowercased() == suffix
        else { return nil }
        return String(String.UnicodeScalarView(scalars.dropLast(wanted.count))).trimmingWhitespace()
    }
}
