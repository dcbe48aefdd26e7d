/// Which discovered gateways a name a user typed means, for `resolve` and `probe`: whatever
/// `browse` prints in its NAME column is accepted — the display name, the instance name, a
/// one-word instance — compared without regard to case or runs of spaces.
///
/// An instance name is unique within its domain, so an instance match wins; a display name
/// (or the same instance name in several domains) can match several gateways, and then the
/// answer is `REGISTRY_AMBIGUOUS` with the candidates, never a guess.
public enum GatewayNameMatch {
    /// The one gateway `name` means, nil when none does; throws
    /// ``ClawPairError/Code/registryAmbiguous`` listing the candidates when several do.
    public static func find(_ name: String, in gateways: [DiscoveredGateway]) throws(ClawPairError) -> DiscoveredGateway? {
        let wanted = key(name)
        let byInstance = gateways.filter { key($0.instance) == wanted }
        let matches = byInstance.isEmpty ? gateways.filter { key($0.displayName) == wanted } : byInstance
        guard matches.count > 1 else { return matches.first }
        let listed = matches.map { "\"\($0.instance)\" in \($0.domain) (\(GatewayRoute.authority(host: $0.host, port: Int($0.port))))" }
        throw ClawPairError(
            .registryAmbiguous, "\"\(name)\" names \(matches.count) gateways: \(listed.joined(separator: "; "))",
            remedy: "give the instance name as `clawpair browse` shows it, with --domain for one domain, or the host or URL")
    }

    /// The form names are compared in.
    static func key(_ text: String) -> String { text.collapsingWhitespace().lowercased() }
}
