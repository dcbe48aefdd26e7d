import ClawPairKit
import Synchronization

/// `clawpair access login TARGET`: the encrypted session transfer, verified, then stored for
/// the target's origin (spec/cloudflare-access.md).
enum AccessLoginCommand: Command {
    static let spec = CommandSpec(
        name: "login", summary: "Sign in to the Cloudflare Access application in front of a gateway.",
        usage: "TARGET [--no-browser] [--json]", positionals: 1...1, completing: [.gateway], options: [.noBrowser, .home, .json],
        discussion: """
            Checks that the gateway answers with an Access challenge (with the entry's
            custom headers: when Access accepts a service token no sign-in is needed, and
            login says so), reads the application from its metadata (signed by
            <team>.cloudflareaccess.com), then opens the sign-in page with $CLAWPAIR_BROWSER
            (a command, run without a shell; default xdg-open), or prints it with
            --no-browser or when no browser can be started. Meanwhile it polls the transfer
            service ($CLAWPAIR_ACCESS_TRANSFER_URL, default https://login.cloudflareaccess.org)
            up to 10 times within 300 s for the token, sealed to a key made for this attempt
            alone. The token is verified (signature, issuer, audience, type, subject, expiry)
            and confirmed with get-identity before it is stored, 0600, for the origin. It is
            never printed. Ctrl-C stops cleanly (exit 130); nothing is stored.

            --json prints {outcome: "signedIn"|"notRequired"|"serviceToken", origin, issuer,
            subject, audience, expiresAtMs, entries}. Exit 6 for every Access failure, 3 for a
            target without an https origin.
            """,
        runs: Self.self)

    struct Options: Sendable {
        let target: String
        let openBrowser: Bool
        let home: String?
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        Options(target: arguments.positionals[0], openBrowser: !arguments[.noBrowser], home: arguments.value(.home))
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let environment = context.console.environment
        // Read, not created: a failed sign-in leaves no state behind.
        let target = try AccessCommand.target(options.target, registry: try GatewaysCommand.existingRegistry(home: options.home, context), context)
        var overrides = ResolveOverrides()
        if let text = environment[ResolveOverrides.environmentVariable] { overrides = try ResolveOverrides(parsing: text) }
        var login = AccessLogin(
            client: HTTPSClient(reactor: IOReactor(), overrides: overrides),
            transferServiceURL: environment[AccessTransferPoll.serviceURLEnvironmentVariable] ?? AccessTransferPoll.defaultServiceURL)
        login.nowMs = context.console.nowMs
        login.keyCache = (try? StateDirectory.resolve(home: options.home, environment: environment)).map(AccessKeyCache.init)
        let headers = GatewayRequestHeaders.for(customHeaders: target.customHeaders, session: nil, nowMs: context.console.nowMs()).headers
        let browser = options.openBrowser ? AccessBrowser(environment: environment) : nil
        let progress = WaitingProgress(context)
        context.progress("checking \(target.origin) for Cloudflare Access…\n")

        let interruption = Interruption()
        let work = Task {
            try await login.run(gatewayURL: target.url, headers: headers) { event in
                await handle(event, browser: browser, progress: progress, context)
            }
        }
        interruption.cancels(work)
        let outcome: AccessLogin.Outcome
        do {
            outcome = try await work.value
            progress.stop()
        } catch {
            progress.stop()
            if interruption.happened {
                context.console.printError("clawpair access login: interrupted; nothing was stored\n")
                return .interrupted
            }
            throw error
        }
        try report(outcome, target: target, home: options.home, context)
        return .success
    }

    private static func handle(_ event: AccessLogin.Event, browser: AccessBrowser?, progress: WaitingProgress, _ context: CommandContext) async {
        switch event {
        case .signInReady(let url):
            // The URL holds only public values (this attempt's public key, the audience).
            if let browser {
                do {
                    try await browser.open(url)
                    context.progress("opened the sign-in page in the browser\n")
                } catch {
                    context.console.printError("could not start a browser (\(error.message)); open this URL to sign in:\n\(url)\n")
                }
            } else {
                context.console.printError("open this URL to sign in:\n\(url)\n")
            }
            progress.start()
        case .waiting:
            break
        case .transferReceived:
            progress.stop()
            context.progress("verifying the session…\n")
        }
    }

    private static func report(_ outcome: AccessLogin.Outcome, target: AccessCommand.Target, home: String?, _ context: CommandContext) throws {
        let origin = target.origin.description
        switch outcome {
        case .notRequired, .serviceTokenAccepted:
            let token = if case .serviceTokenAccepted = outcome { true } else { false }
            if context.json {
                context.printJSON(["outcome": .string(token ? "serviceToken" : "notRequired"), "origin": .string(origin)])
            } else {
                context.console.print(
                    token ? "\(origin) accepted this gateway's service token (CF-Access-Client-Id/-Secret): no sign-in needed\n"
                        : "\(origin) answered without a Cloudflare Access challenge: no sign-in needed\n")
            }
        case .signedIn(let session):
            let registry = try GatewaysCommand.registry(home: home, context)
            let entries = try AccessCommand.entries(on: origin, in: registry)
            try registry.storeAccessSession(session, for: entries.map(\.entry.id))
            let nowMs = context.console.nowMs()
            if context.json {
                guard case .object(let members) = AccessCommand.json(session, entries: entries, nowMs: nowMs) else { return }
                context.printJSON(.object([("outcome", "signedIn")] + members))
            } else {
                context.console.print("signed in: " + AccessCommand.text(session, entries: entries, nowMs: nowMs))
            }
        }
    }
}

/// "waiting for sign-in in the browser… 12 s", redrawn every second on a terminal's stderr.
private final class WaitingProgress: Sendable {
    private let context: CommandContext
    private let ticker = Mutex<Task<Void, Never>?>(nil)

    init(_ context: CommandContext) { self.context = context }

    func start() {
        guard context.console.stderrIsTerminal else { return }
        let context = self.context
        let task = Task {
            var seconds = 0
            while !Task.isCancelled {
                context.progress("\rwaiting for sign-in in the browser… \(seconds) s ")
                try? await Task.sleep(for: .seconds(1))
                seconds += 1
            }
        }
        ticker.withLock { $0 = task }
    }

    func stop() {
        guard let task = ticker.withLock({ current in defer { current = nil }; return current }) else { return }
        task.cancel()
        context.progress("\r" + String(repeating: " ", count: 50) + "\r")
    }
}

extension OptionSpec {
    fileprivate static let noBrowser = OptionSpec(flag: "no-browser", help: "Print the sign-in URL instead of opening a browser.")
}
