import ClawPairKit

// The gateway object of `browse --json`, `resolve --json` and `--watch` events (spec/cli.md `browse`).

extension DiscoveredGateway {
    /// The gateway object, keys in the order of spec/cli.md.
    var json: JSONValue {
        .object([
            ("id", .string(id.rawValue)),
            ("instance", .string(instance)),
            ("displayName", .string(displayName)),
            ("domain", .string(domain)),
            ("host", .string(host)),
            ("port", .integer(Int64(port))),
            ("addresses", .array(addresses.map { .string($0) })),
            ("interface", JSONValue(interface)),
            ("txt", txt.json),
            ("tls", .bool(tls)),
            ("tlsFingerprint", JSONValue(tlsFingerprint)),
            ("tailnetDns", JSONValue(tailnetDns)),
            ("lanHost", JSONValue(lanHost)),
            ("sources", .array(sources.map { .string($0.rawValue) })),
        ])
    }
}

extension GatewayTXT {
    /// The `txt` object of the JSON gateway (spec/cli.md): raw key → value, in record order.
    var json: JSONValue {
        .object(rawPairs.map { ($0.key, .string($0.value)) })
    }
}
