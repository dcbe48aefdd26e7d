/// The labels a gateway uses in the wide-area zone it writes (spec/discovery.md "Wide-area
/// zone"), so the simulated gateway and tests build the same names a real one does.
public enum GatewayZoneLabel {
    /// What a label falls back to when nothing of the host name survives.
    public static let fallbackHostLabel = "openclaw"

    /// The host's first label, lowercased, each run of characters outside `[a-z0-9-]`
    /// replaced by one `-`, dashes trimmed from both ends, cut to 63 characters
    /// (`Mac Studio.lan` → `mac-studio`).
    public static func hostLabel(_ hostname: String) -> String {
        let firstLabel = hostname.trimmingWhitespace().split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            .first.map(String.init) ?? ""
        return label(firstLabel, fallback: fallbackHostLabel)
    }

    /// `<hostLabel>-gateway`, cut to 63 characters.
    public static func instanceLabel(hostLabel: String) -> String {
        label(hostLabel + "-gateway", fallback: fallbackHostLabel + "-gateway")
    }

    /// ``instanceLabel(hostLabel:)`` of ``hostLabel(_:)``.
    public static func instanceLabel(hostname: String) -> String {
        instanceLabel(hostLabel: hostLabel(hostname))
    }

    private static func label(_ raw: String, fallback: String) -> String {
        var output: [UInt8] = []
        var inRun = false
        for scalar in raw.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "-":
                output.append(UInt8(scalar.value))
                inRun = false
            default:
                if !inRun { output.append(UInt8(ascii: "-")) }
                inRun = true
            }
        }
        let dash = UInt8(ascii: "-")
        let trimmed = output.drop { $0 == dash }.reversed().drop { $0 == dash }.reversed()
        let text = trimmed.isEmpty ? fallback : String(decoding: trimmed, as: UTF8.self)
        return String(text.prefix(DNSName.maxLabelLength))
    }
}
