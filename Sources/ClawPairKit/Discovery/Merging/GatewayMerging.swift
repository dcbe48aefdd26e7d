/// Folds the same gateway seen by mDNS and by unicast DNS into one entry whose `sources`
/// list both (spec/cli.md `browse`).
///
/// The two advertisements have different instance names and domains (`Studio (OpenClaw)` in
/// `local.`, `studio-gateway` in a wide-area zone), so ids can't match. They are taken as one
/// gateway when the port is the same and they share an address or the same `tailnetDns`: one
/// machine listening on one port. Same-id duplicates (one instance seen on two interfaces)
/// are folded too.
enum GatewayMerging {
    static func merge(_ gateways: [DiscoveredGateway]) -> [DiscoveredGateway] {
        var merged: [DiscoveredGateway] = []
        // merged[i]'s id, built once: an id is derived from the name, and comparing every
        // pair would rebuild it n² times. Merging keeps the first one's name, so its id.
        var mergedIDs: [GatewayID] = []
        for gateway in gateways {
            let id = gateway.id
            if let index = merged.indices.first(where: { mergedIDs[$0] == id || sameMachine(merged[$0], gateway) }) {
                merged[index] = merged[index].merged(with: gateway)
            } else {
                merged.append(gateway)
                mergedIDs.append(id)
            }
        }
        return merged
    }

    /// Seen by different sources on the same port and machine (an address or `tailnetDns`
    /// in common).
    private static func sameMachine(_ a: DiscoveredGateway, _ b: DiscoveredGateway) -> Bool {
        guard a.port == b.port, a.sources != b.sources else { return false }
        if let tailnet = a.tailnetDns, tailnet == b.tailnetDns { return true }
        return !Set(a.addresses).isDisjoint(with: b.addresses)
    }
}
