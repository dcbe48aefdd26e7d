import ClawPairKit

/// `clawpair browse`: gateways on the local link (mDNS) and in wide-area domains.
enum BrowseCommand: Command {
    static let spec = CommandSpec(
        name: "browse",
        summary: "Find gateways: mDNS on local. through Avahi, other domains by unicast DNS-SD.",
        usage: "[--domain D]… [--timeout SECONDS] [--watch] [--require] [--interface IF] [--ipv4|--ipv6] "
            + "[--backend auto|avahi|unicast] [--dns SERVER[:PORT]] [--json]",
        positionals: 0...0,
        options: DiscoveryOptions.table + [.watch, .require, .json],
        discussion: """
            Prints what was found within --timeout (default 2 s) as a table, or with --json as an
            array of gateway objects {id, instance, displayName, domain, host, port, addresses,
            interface, txt, tls, tlsFingerprint, tailnetDns, lanHost, sources}. The same gateway
            seen over mDNS and unicast DNS (same port and a shared address or tailnetDns) is one
            entry whose sources list both. TXT values are unauthenticated hints.

            Domains: --domain replaces the default local.; $OPENCLAW_WIDE_AREA_DOMAIN is added.
            A domain that fails does not hide the others: the failure is reported on stderr.

            Exit status: 0; 1 with --require when nothing was found; 7 when local. was asked for
            but avahi-daemon or D-Bus is not running (what unicast domains found is still
            printed; with --json as {"error":{…},"gateways":[…]}). --watch ends with 0 on
            SIGINT or SIGTERM.

            The last mDNS instances announced are remembered in mdns-recent.json in the state
            directory (--home), so the next browse resolves them at once.
            """,
        runs: Self.self)

    struct Options: Sendable {
        let discovery: GatewayDiscovery.Options
        let watch: Bool
        let require: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(
            discovery: try DiscoveryOptions.make(arguments, environment: context.console.environment), watch: arguments[.watch],
            require: arguments[.require])
    }

    static func run(_ browse: Options, _ context: CommandContext) async throws -> ExitStatus {
        let options = browse.discovery
        let discovery = GatewayDiscovery(options: options)
        if browse.watch { return try await watch(discovery, context) }

        let names = options.domains.map(\.name).joined(separator: ", ")
        context.progress("browsing \(names) for \(options.timeout)…\r")
        let result = try await discovery.browse()
        context.progress(String(repeating: " ", count: 60) + "\r")

        for problem in result.problems {
            context.console.printError(problemText(problem))
        }
        let environmentFailure = result.problems.first { $0.error.code.category == .environment }?.error
        if context.json {
            let list = JSONValue.array(result.gateways.map(\.json))
            if let environmentFailure {
                var error = ErrorRendering.json(environmentFailure)
                if case .object(var members) = error {
                    members.append(("gateways", list))
                    error = .object(members)
                }
                context.printJSON(error)
            } else {
                context.printJSON(list)
            }
        } else if result.gateways.isEmpty {
            context.console.printError("no gateways found in \(names)\n")
        } else {
            context.console.print(GatewayRendering.table(result.gateways, style: context.style))
        }
        if environmentFailure != nil { return .environment }
        if browse.require, result.gateways.isEmpty { return .notFound }
        return .success
    }

    /// NDJSON until SIGINT/SIGTERM; problems go to stderr so stdout stays parseable.
    private static func watch(_ discovery: GatewayDiscovery, _ context: CommandContext) async throws -> ExitStatus {
        let console = context.console
        let failure = await withTaskGroup(of: ClawPairError?.self) { group in
            group.addTask {
                do {
                    try await discovery.watch { event in
                        let (name, gateway): (String, DiscoveredGateway)
                        switch event {
                        case .added(let found): (name, gateway) = ("added", found)
                        case .updated(let found): (name, gateway) = ("updated", found)
                        case .removed(let found): (name, gateway) = ("removed", found)
                        case .problem(let problem):
                            console.printError(problemText(problem))
                            return
                        }
                        console.print(JSONValue.object([("event", .string(name)), ("gateway", gateway.json)]).serialized() + "\n")
                    }
                } catch let error as ClawPairError {
                    return error
                } catch {}
                return nil
            }
            group.addTask {
                _ = await SignalMonitor.nextTermination()
                return nil
            }
            // Whichever ends first (a signal, or a watch that cannot go on) ends both.
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let failure { throw failure }
        return .success
    }

    private static func problemText(_ problem: GatewayDiscovery.Problem) -> String {
        var text = "clawpair browse: \(problem.domain.name): \(TerminalText.escape(problem.error.message))\n"
        if let remedy = problem.error.remedy { text += "  hint: \(TerminalText.escape(remedy))\n" }
        return text
    }
}

extension OptionSpec {
    fileprivate static let watch = OptionSpec(
        flag: "watch", help: "Stream NDJSON {\"event\":\"added\"|\"updated\"|\"removed\",\"gateway\":{…}} until interrupted.")
    fileprivate static let require = OptionSpec(flag: "require", help: "Exit 1 when no gateway was found.")
}
