/// The name a TLS client checks the certificate against, and whether it goes in SNI.
///
/// RFC 6066 §3: SNI carries a DNS host name, without a trailing dot, and never an IP
/// literal. An IP literal is checked against the certificate's IP subjectAltName entries
/// instead (RFC 6125 §6.2 / RFC 9525).
package enum TLSServerName: Sendable, Hashable {
    case dns(String)
    case ip(String)

    /// Reads a URL host: `[v6]` brackets and an IPv6 zone (`%eth0`) are dropped, a trailing
    /// dot is dropped from a name. Nil for an empty host.
    init?(host: String) {
        var text = Substring(host)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        let unzoned = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first ?? text
        if IPAddress(unzoned) != nil {
            self = .ip(String(unzoned))
            return
        }
        text = text.droppingFinalDot()
        guard !text.isEmpty else { return nil }
        self = .dns(String(text))
    }

    /// The name as checked and reported.
    var text: String {
        switch self {
        case .dns(let name), .ip(let name): name
        }
    }

    /// What goes in the SNI extension: the name, or nothing for an IP literal.
    var sni: String? {
        switch self {
        case .dns(let name): name
        case .ip: nil
        }
    }
}
