import ClawPairKit
import Synchronization

/// `clawpair pair CODE_OR_IMAGE_OR_URL`: pairs this machine with a gateway and stores it.
enum PairCommand: Command {
    static let spec = CommandSpec(
        name: "pair",
        summary: "Pair this machine with a gateway from its setup code (or a QR image of it) and store it.",
        usage: "CODE_OR_IMAGE_OR_URL [--name N] [--trust FINGERPRINT | --trust-on-first-use] [--wait SECONDS] [--json] [--show-secrets]",
        positionals: 1...1, completing: [.file],
        options: [.name, .trust, .trustOnFirstUse, .wait, .home, .json, .showSecrets],
        discussion: """
            The argument is a setup code (as `openclaw qr` prints it, an oc-pair:// link, or a
            pasted message holding one), the path of an image of its QR code, or - to read the
            code from standard input. A bare ws:// or wss:// URL carries no bootstrap token: it
            cannot pair a new gateway (exit 3, PAIRING_NEEDS_SETUP_CODE; run `openclaw qr` on
            the gateway), but for a gateway paired before it reconnects with the stored device
            tokens and refreshes the entry. When that gateway no longer knows this device (its
            device token is rejected: its operator removed the device), pair exits 6 with
            AUTH_DEVICE_TOKEN_MISMATCH and the re-pair command, and leaves the entry as it was.

            Routes are tried in the code's order, 250 ms apart. TLS: the setup code's pin is
            authoritative for its primary route (a mismatch is exit 5, no way around it);
            otherwise the stored pin, else the system must trust the certificate, or you trust
            it explicitly: --trust FINGERPRINT after checking it on the gateway host (openssl
            x509 -noout -fingerprint -sha256 -in CERT), --trust-on-first-use, or by answering the
            prompt shown on a terminal. No credential is sent before that. Plaintext ws://
            carries credentials only to local-network hosts.

            A stored pin never changes silently: a new setup code with another pin, or another
            certificate on a route held to the stored pin (even one the system trusts), shows
            "pin changes from OLD to NEW"; on a terminal you are asked (no: exit 1, CANCELLED),
            elsewhere only --trust NEW (or `clawpair gateways trust ID --fingerprint NEW`) accepts
            it, else exit 5 TLS_PIN_MISMATCH. Nothing is stored or sent before the decision.

            The device connects as a node and as an operator (full access, or limited for a code
            with a plaintext LAN route) with this installation's device key. While the gateway
            holds the request for approval, the request id and the command to run on the gateway
            host (openclaw devices approve <requestId>) are printed on standard error (an id that
            is not a UUID is refused, and no command is built from it), and the connect is
            retried with the same bootstrap token until approved, rejected, expired
            or --wait runs out. Progress goes to standard error too: one line per state change
            off a terminal. Reading - from a terminal, pair first says "paste the code, then
            Ctrl-D". --wait bounds the whole pairing (every connect and handshake
            ends by then; closing takes at most 0.5 s more); --wait 0 does not wait for
            approval. Pairing is complete only when both the node and the operator device tokens
            arrived; then the entry, its pin (when the system does not vouch for the
            certificate), both tokens and the route are stored in one transaction, and the first
            paired gateway becomes the focus. Pairing the same gateway again updates its entry.

            --json prints the stored entry: {id, name, kind, url, focused, bolt, pinned, paired,
            access, route, trust, fingerprint, roles:[{role, scopes}], requestIds, deviceTokens,
            …}; tokens are "<redacted>" unless --show-secrets.

            Exit status: 0 paired; 1 pin change declined; 3 unreadable, expired or
            credential-less input; 4 no route reachable; 5 pin mismatch or pin change not
            accepted, untrusted certificate, plaintext to a non-local host; 6 rejected, expired
            request, used-up setup code, device token rejected, --wait ran out, or setup
            incomplete; 8 registry error; 130 Ctrl-C (nothing stored; a request the gateway
            holds stays pending there: approve it and pair again, or reject it to cancel).
            """,
        runs: Self.self)

    /// A mistyped `--wait 120000` (meant as ms) should not hang a script for a day.
    static let maximumWaitSeconds = 3600.0

    struct Options: Sendable {
        /// `-` is standard input.
        let input: String
        let name: String?
        let trust: PairingTrustOptions
        let wait: Duration
        let home: String?
        let showSecrets: Bool
    }

    static func validate(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Options {
        var trust = PairingTrustOptions()
        if let text = arguments.value(.trust) {
            guard let pin = TLSPin(parsing: text) else {
                throw UsageError("--trust takes 64 hex digits (SHA-256 of the certificate) or sha256//BASE64, not '\(TerminalText.escape(text))'")
            }
            trust.fingerprint = pin
        }
        trust.trustOnFirstUse = arguments[.trustOnFirstUse]
        if trust.fingerprint != nil && trust.trustOnFirstUse {
            throw UsageError("--trust and --trust-on-first-use exclude each other")
        }
        let wait = try arguments.seconds(.wait, maximum: maximumWaitSeconds, allowingZero: true) ?? PairingPlan.defaultWait
        let name = try arguments.gatewayName(.name)
        return Options(
            input: arguments.positionals[0], name: name, trust: trust, wait: wait, home: arguments.value(.home),
            showSecrets: arguments[.showSecrets])
    }

    static func run(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
        let console = context.console
        let input = options.input == "-" ? try console.readPastedCode(command: "pair") : options.input
        var trust = options.trust
        if !trust.trustOnFirstUse, trust.fingerprint == nil, console.stdinIsTerminal, console.stderrIsTerminal {
            trust.confirm = { question in SignalMonitor.withDefaultAction { TrustPrompt.ask(question, console: console) } }
        }
        if trust.fingerprint == nil, console.stdinIsTerminal, console.stderrIsTerminal {
            trust.confirmPinChange = { change in SignalMonitor.withDefaultAction { TrustPrompt.ask(change, console: console) } }
        }
        var pairing = Pairing(
            home: options.home, environment: console.environment, name: options.name, trust: trust, wait: options.wait, nowMs: console.nowMs)
        pairing.insideRegistryTransaction = context.testHooks.insideRegistryTransaction
        let terminal = console.stderrIsTerminal
        let pending = Mutex<GatewayConnectError.PairingRequest?>(nil)
        let interruption = Interruption()
        let work = Task { [pairing] in
            try await pairing.pair(input) { event in
                if case .pending(let request, _) = event { pending.withLock { $0 = request } }
                console.printError(PairRendering.eventLine(event, terminal: terminal))
            }
        }
        interruption.cancels(work)
        let outcome: Pairing.Outcome
        do {
            outcome = try await work.value
        } catch where interruption.happened {
            console.printError(PairRendering.interruptedNotice(pending: pending.withLock { $0 }))
            return .interrupted
        }
        let rendering = PairRendering(record: outcome.record, result: outcome.result, updated: outcome.updated, showSecrets: options.showSecrets)
        if context.json {
            context.printJSON(rendering.json)
        } else {
            console.print(rendering.text(style: context.style))
        }
        return .success
    }
}

extension OptionSpec {
    fileprivate static let name = OptionSpec(
        value: "name", metavar: "N", help: "Name of the gateway in the registry (default: the existing name, else host:port).")
    fileprivate static let trust = OptionSpec(
        value: "trust", metavar: "FINGERPRINT",
        help: "Trust a certificate the system does not: its SHA-256 (64 hex digits, colons allowed) or sha256//BASE64 of its key.")
    fileprivate static let trustOnFirstUse = OptionSpec(
        flag: "trust-on-first-use", help: "Trust and pin an unknown certificate on first sight (no prompt).")
    fileprivate static let wait = OptionSpec(
        value: "wait", metavar: "SECONDS", help: "Bound of the whole pairing, approval included (default 120; 0: do not wait for approval).")
}

/// The question on a terminal before trusting a certificate the system does not: shows the
/// fingerprint and asks to verify it out of band. Only "y" or "yes" trusts.
enum TrustPrompt {
    static func ask(_ question: TLSTrustQuestion, console: Console) -> Bool {
        let peer = question.peer
        console.printError("""
            The gateway at \(TerminalText.escape(question.route.url)) presented a certificate this system does not trust:
              \(TerminalText.escape(question.reason.message))
              subject  \(TerminalText.escape(peer.subject))
              SHA-256  \(peer.fingerprint.colonSeparated)
            Verify it out-of-band on the gateway host (openssl x509 -noout -fingerprint -sha256 -in CERT).
            Trust and pin this certificate? [y/N] 
            """)
        return console.answeredYes()
    }

    /// Before a stored pin is replaced: why, the new certificate, the old and the new pin.
    /// Only "y" or "yes" replaces it.
    static func ask(_ change: TLSPinChange, console: Console) -> Bool {
        let subject = change.peer.map { "  subject  \(TerminalText.escape($0.subject))\n" } ?? ""
        console.printError("""
            The pin stored for \(TerminalText.escape(change.gateway.rawValue)) would change: \(TerminalText.escape(change.cause)).
            \(subject)  SHA-256  \(change.new.colonSeparated)
            Verify it out-of-band on the gateway host (openssl x509 -noout -fingerprint -sha256 -in CERT).
            pin changes from \(change.old.text) to \(change.new.hex) — trust the new certificate? [y/N] 
            """)
        return console.answeredYes()
    }
}
