import ClawPairKit

/// `clawpair gateways headers ID [set NAME | unset NAME]`: the custom headers sent on every
/// request to a gateway (service tokens `CF-Access-Client-Id` / `CF-Access-Client-Secret`).
enum GatewaysHeadersCommand: Command {
    static let spec = CommandSpec(
        name: "headers", summary: "List, set or unset the custom headers sent on every request to it.",
        usage: "ID [set NAME | unset NAME] [--json] [--show-secrets]", positionals: 1...3, completing: [.gateway, .choices(["set", "unset"]), .text],
        options: GatewaysCommand.sharedOptions + [.showSecrets],
        discussion: """
            Without a verb, lists the headers, values "<redacted>" unless --show-secrets. set
            reads the value from stdin (one line; a trailing newline is dropped), never from
            the command line, and replaces a header of the same name (any case). probe, pair
            and the daemon send them on every request to the gateway; Cf-Access-Token is
            replaced by the origin's Access session while it is valid. Refused with exit 3:
            empty names, names that are not HTTP tokens, connection, content-length, host,
            proxy-connection, upgrade, sec-websocket-*, and values with control characters.
            """,
        runs: Self.self)

    enum Action: Sendable {
        case list
        case set(String)
        case unset(String)
    }

    struct Options: Sendable {
        let gateway: GatewayIDOptions
        let action: Action
        let showSecrets: Bool
    }

    /// A value longer than this is not a header.
    static let maximumValueBytes = 8192

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        let positionals = arguments.positionals
        let action: Action
        switch (positionals.count, positionals.dropFirst().first) {
        case (1, _): action = .list
        case (3, "set"?): action = .set(positionals[2])
        case (3, "unset"?): action = .unset(positionals[2])
        case (2, "set"?), (2, "unset"?): throw UsageError("\(positionals[1]) needs a header NAME")
        default:
            throw UsageError("expected ID, ID set NAME or ID unset NAME (set reads the value from stdin)")
        }
        return Options(gateway: GatewayIDOptions(arguments), action: action, showSecrets: arguments[.showSecrets])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let (registry, id) = try options.gateway.resolve(context)
        switch options.action {
        case .list:
            break
        case .set(let name):
            if let problem = CustomHeaderRules.problem(name: name, value: "") { throw ClawPairError(.headerInvalid, problem) }
            var bytes = try context.console.readStdin(maximumValueBytes + 2)
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            guard bytes.count <= maximumValueBytes else {
                throw ClawPairError(.headerInvalid, "the value of \(name) is longer than \(maximumValueBytes) bytes")
            }
            try registry.setCustomHeader(id, name: name, value: Secret(String(decoding: bytes, as: UTF8.self)))
        case .unset(let name):
            guard try registry.removeCustomHeader(id, name: name) else {
                throw ClawPairError(.headerInvalid, "\(TerminalText.escape(id.rawValue)) has no header \(TerminalText.escape(name))")
            }
        }
        guard let record = try registry.record(id) else { throw GatewayRegistry.notFound(options.gateway.id) }
        let shown = record.credentials.customHeaders.map { header in
            (header.name, options.showSecrets ? header.value.revealed : Secret.redactedPlaceholder)
        }
        if context.json {
            context.printJSON([
                "id": .string(id.rawValue),
                "headers": .array(shown.map { .object([("name", .string($0.0)), ("value", .string($0.1))]) }),
            ])
        } else if shown.isEmpty {
            context.console.print("\(TerminalText.escape(id.rawValue)) has no custom headers\n")
        } else {
            context.console.print(shown.map { TerminalText.escape("\($0.0): \($0.1)") + "\n" }.joined())
        }
        return .success
    }
}
