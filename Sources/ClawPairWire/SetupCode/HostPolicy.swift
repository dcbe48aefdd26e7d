/// Which hosts may be reached over plaintext `ws://`, and which count as loopback.
///
/// The list is the OpenClaw app's strict one (spec/setup-codes.md, "Validation of each
/// route"): tailnet names (`*.ts.net`) and CGNAT addresses (100.64/10) are *not* local, since
/// their traffic crosses networks the user does not control.
public enum HostPolicy {
    /// Trimmed, lowercased, without brackets, one trailing dot or an IPv6 `%zone`: the form
    /// every check below compares.
    public static func normalize(_ host: String) -> String {
        var text = Substring(host.trimmingWhitespace().lowercased())
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        text = text.droppingFinalDot()
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        return String(text)
    }

    /// True when plaintext is allowed to `host`.
    public static func isLocal(_ host: String) -> Bool {
        let name = normalize(host)
        if name == "localhost" || name.endsWithLabels(".local") { return true }
        guard let address = IPAddress(name) else { return false }
        switch address {
        case .v4(let b): return isLocalIPv4(b)
        case .v6(let b):
            if let mapped = address.ipv4Mapped { return mapped[0] == 127 }
            if b == loopbackIPv6 { return true }
            if address.isIPv6LinkLocal { return true }
            return b[0] & 0xFE == 0xFC  // fc00::/7 unique local
        }
    }

    /// True for `localhost`, 127/8, `::1` and `::ffff:127.x`: hosts whose traffic never
    /// leaves this machine, which is what full access over plaintext requires.
    public static func isLoopback(_ host: String) -> Bool {
        let name = normalize(host)
        if name == "localhost" { return true }
        switch IPAddress(name) {
        case .v4(let b)?: return b[0] == 127
        case .v6(let b)? where b == loopbackIPv6: return true
        case let address?: return address.ipv4Mapped?[0] == 127
        case nil: return false
        }
    }

    private static let loopbackIPv6: [UInt8] = Array(repeating: 0, count: 15) + [1]

    private static func isLocalIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (127, _), (10, _): true  // loopback; 10/8 (includes the Android emulator's 10.0.2.2)
        case (172, 16...31): true
        case (192, 168): true
        case (169, 254): true  // link-local
        default: false
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines (no Foundation here).
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
