import Foundation
import Testing
@testable import ClawPairCLI
@testable import ClawPairKit

/// `clawpair completions bash|zsh|fish`: each script run by the real shell, completing
/// against the real `clawpair` binary and a real registry whose names need quoting.
@Suite struct CompletionScriptTests {
    static let studioID = "manual|studio.lan|18789"
    static let oddID = "manual|gw.example.ts.net|443"

    /// A temporary directory with a registry in `home` (a path with a space): "Studio
    /// Kitchen" and "it's odd", and an empty `missingHome` that must stay missing.
    final class Setup {
        let directory: ExternalTool.TemporaryDirectory
        let home: String
        let missingHome: String
        init() throws {
            directory = try ExternalTool.TemporaryDirectory()
            home = directory.path("state dir")
            missingHome = directory.path("no registry here")
            let registry = try GatewayRegistry(stateDirectory: StateDirectory(path: home, source: .option))
            try registry.upsert(GatewayEntry.manual(route: try GatewayRoute(host: "studio.lan", port: 18789, tls: false), name: "Studio Kitchen"))
            try registry.upsert(GatewayEntry.manual(route: try GatewayRoute(host: "gw.example.ts.net", port: 443, tls: true), name: "it's odd"))
            for file in ["scan-me.png", "other file.png"] { _ = FileManager.default.createFile(atPath: directory.path(file), contents: Data()) }
        }

        /// What the shells run with: the built clawpair first on PATH, no user configuration
        /// (HOME is the temporary directory) and no registry unless a test names one.
        var environment: [String: String] {
            let bin = URL(fileURLWithPath: LabHosts.clawpair).deletingLastPathComponent().path
            return [
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "HOME": directory.url.path,
                "XDG_CONFIG_HOME": directory.path("config"), "XDG_DATA_HOME": directory.path("data"), "CLAWPAIR_HOME": missingHome,
            ]
        }

        func script(_ shell: CompletionShell) async throws -> String {
            let result = await runCLI(["completions", shell.rawValue])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
    }

    /// Each command line's candidates, in the order the shell printed them.
    typealias Offers = [[String]]

    static func sections(_ output: String) -> Offers {
        var sections: Offers = [[]]
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "==" { sections.append([]) } else if !line.isEmpty { sections[sections.count - 1].append(line) }
        }
        return Array(sections.dropLast())
    }

    static var commandNames: Set<String> { Set(CLI.commands.map(\.name) + ["help"]) }
    static var gatewaysSubcommands: Set<String> { Set(GatewaysCommand.spec.subcommands.map(\.name)) }

    // MARK: bash

    /// Drives `_clawpair` as bash's programmable completion does: COMP_LINE, COMP_POINT,
    /// COMP_WORDS split as readline splits them (at = and : too) and COMP_CWORD, then prints
    /// COMPREPLY.
    static func bash(_ setup: Setup, _ cases: [(line: String, words: [String])], environment: [String: String] = [:]) throws -> Offers {
        var driver = """
            source \(ShellQuoting.quote(setup.directory.path("clawpair.bash")))
            complete -p clawpair
            echo ==
            comp() { COMP_LINE=$1; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _clawpair; printf '%s\\n' "${COMPREPLY[@]}"; echo ==; }

            """
        for (line, words) in cases { driver += "comp " + ([line] + words).map(ShellQuoting.quote).joined(separator: " ") + " 2>&1\n" }
        let file = setup.directory.path("driver.bash")
        try driver.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try ExternalTool.run("bash", ["--norc", "--noprofile", file], in: setup.directory.url, environment: setup.environment.merging(environment) { $1 })
        #expect(result.status == 0)
        return sections(result.stdout)
    }

    /// A command line of these words, one blank between them, as bash splits it when they
    /// hold no = or :.
    func words(_ words: String...) -> (line: String, words: [String]) { (words.joined(separator: " "), words) }

    @Test func bashCompletesCommandsOptionsValuesAndRegistryEntries() async throws {
        let setup = try Setup()
        try await setup.script(.bash).write(toFile: setup.directory.path("clawpair.bash"), atomically: true, encoding: .utf8)
        let home = ShellQuoting.quote(setup.home)
        let offers = try Self.bash(
            setup,
            [
                words("clawpair", ""), words("clawpair", "gat"), words("clawpair", "gateways", ""), words("clawpair", "gateways", "show", "--"),
                words("clawpair", "daemon", "--log-format", ""), words("clawpair", "completions", ""),
                words("clawpair", "gateways", "show", "--home", home, ""), words("clawpair", "gateways", "show", "--home", home, "St"),
                words("clawpair", "gateways", "show", "--home", home, "'St"),
                // --home=DIR reaches the function as three words, as readline splits it at =.
                ("clawpair gateways show --home=\(home) St", ["clawpair", "gateways", "show", "--home", "=", home, "St"]),
                ("clawpair qr --format=s", ["clawpair", "qr", "--format", "=", "s"]),
                words("clawpair", "--home", home, "access", "login", "it"), words("clawpair", "gateways", "headers", "--home", home, "Studio", ""),
                words("clawpair", "scan", "scan-"), words("clawpair", "gateways", "show", "--home", ShellQuoting.quote(setup.missingHome), ""),
            ])
        try #require(offers.count == 16, "\(offers)")
        #expect(offers[0] == ["complete -F _clawpair clawpair"])
        #expect(Set(offers[1]) == Self.commandNames)
        #expect(offers[2] == ["gateways"])
        #expect(Set(offers[3]) == Self.gatewaysSubcommands)
        #expect(Set(offers[4]) == ["--home", "--json", "--show-secrets", "--no-color", "--help"])
        #expect(offers[5] == ["text", "json"])
        #expect(offers[6] == ["bash", "zsh", "fish"])
        // Every id and name, quoted for the command line (%q).
        #expect(offers[7] == ["manual\\|studio.lan\\|18789", "Studio\\ Kitchen", "manual\\|gw.example.ts.net\\|443", "it\\'s\\ odd"])
        #expect(offers[8] == ["Studio\\ Kitchen"])
        // Inside an open quote the name goes in as it is; readline closes the quote.
        #expect(offers[9] == ["Studio Kitchen"])
        #expect(offers[10] == ["Studio\\ Kitchen"])
        #expect(offers[11] == ["svg"])
        #expect(offers[12] == ["it\\'s\\ odd"])
        #expect(offers[13] == ["set", "unset"])
        #expect(offers[14] == ["scan-me.png"])
        // No registry: nothing offered, nothing printed, nothing created.
        #expect(offers[15] == [])
        #expect(!FileManager.default.fileExists(atPath: setup.missingHome))
    }

    @Test func bashReadsAnExportedClawpairHome() async throws {
        let setup = try Setup()
        try await setup.script(.bash).write(toFile: setup.directory.path("clawpair.bash"), atomically: true, encoding: .utf8)
        let offers = try Self.bash(setup, [words("clawpair", "probe", "man")], environment: ["CLAWPAIR_HOME": setup.home])
        #expect(offers.dropFirst().first == ["manual\\|studio.lan\\|18789", "manual\\|gw.example.ts.net\\|443"])
    }

    // MARK: zsh

    /// Completes each line in an interactive `zsh -f` on a pty (zsh/zpty), with compinit and
    /// the script installed as `_clawpair` in fpath; records the matches every `compadd`
    /// offered and the line after completion. One widget completes, records and then runs a
    /// marker command, so no key is waiting while completion runs (zsh stops completing then).
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 1
        dir=$1 out=$2
        shift 2
        : >| $out
        zpty z zsh -f -i
        zpty -w z "PS1='%% '; setopt NO_BEEP NO_AUTO_LIST; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w z "compadd() { local -a __m; builtin compadd -O __m \"\$@\"; (( \${#__m} )) && print -rl -- \$__m >> ${(q)out}; builtin compadd \"\$@\"; }"
        zpty -w z "__complete_and_mark() { zle complete-word; print -r -- \"line: \$BUFFER\" >> ${(q)out}; print -r -- '==' >> ${(q)out}; BUFFER=\"print -r -- DONE''DONE\"; zle accept-line; }; zle -N __complete_and_mark; bindkey '^X^T' __complete_and_mark"
        zpty -w z "print -r -- READY''READY"
        zpty -r -m z reply '*READYREADY*' || exit 1
        for line in "$@"; do
            zpty -w -n z "$line"$'\x18\x14'
            zpty -r -m z reply '*DONEDONE*' || exit 1
        done
        zpty -d z
        """#

    @Test func zshCompletesCommandsOptionsValuesAndRegistryEntries() async throws {
        let setup = try Setup()
        let functions = setup.directory.path("zsh-functions")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try await setup.script(.zsh).write(toFile: functions + "/_clawpair", atomically: true, encoding: .utf8)
        try Self.zshDriver.write(toFile: setup.directory.path("driver.zsh"), atomically: true, encoding: .utf8)
        let home = ShellQuoting.quote(setup.home)
        let lines = [
            "clawpair ", "clawpair gateways ", "clawpair gateways show --", "clawpair daemon --log-format ", "clawpair gateways show --home \(home) ",
            "clawpair gateways show --home \(home) St", "clawpair gateways show --home=\(home) 'St", "clawpair qr --format=s",
            "CLAWPAIR_HOME=\(home) clawpair probe it", "clawpair scan scan-", "clawpair probe --home \(ShellQuoting.quote(setup.missingHome)) ",
        ]
        let output = setup.directory.path("zsh.out")
        let result = try ExternalTool.run("zsh", ["-f", setup.directory.path("driver.zsh"), functions, output] + lines, in: setup.directory.url, environment: setup.environment)
        #expect(result.status == 0)
        let sections = Self.sections(try String(contentsOfFile: output, encoding: .utf8))
        try #require(sections.count == lines.count, "\(sections)")
        func matches(_ index: Int) -> [String] { sections[index].filter { !$0.hasPrefix("line: ") } }
        func line(_ index: Int) -> String? { sections[index].first { $0.hasPrefix("line: ") }.map { String($0.dropFirst(6)) } }
        #expect(Set(matches(0)) == Self.commandNames)
        #expect(Set(matches(1)) == Self.gatewaysSubcommands)
        #expect(Set(matches(2)) == ["--home", "--json", "--show-secrets", "--no-color", "--help"])
        #expect(matches(3) == ["text", "json"])
        #expect(matches(4) == [Self.studioID, "Studio Kitchen", Self.oddID, "it's odd"])
        // zsh quotes what it inserts as the word is quoted.
        #expect(line(5) == "clawpair gateways show --home \(home) Studio\\ Kitchen ")
        #expect(line(6) == "clawpair gateways show --home=\(home) 'Studio Kitchen' ")
        #expect(line(7) == "clawpair qr --format=svg ")
        #expect(line(8) == "CLAWPAIR_HOME=\(home) clawpair probe it\\'s\\ odd ")
        #expect(line(9) == "clawpair scan scan-me.png ")
        #expect(matches(10) == [])
        #expect(!FileManager.default.fileExists(atPath: setup.missingHome))
    }

    // MARK: fish

    /// `complete --do-complete` for each line, the script installed where fish looks for it
    /// (`$XDG_CONFIG_HOME/fish/completions/clawpair.fish`); a candidate's description dropped.
    static func fish(_ setup: Setup, _ lines: [String]) throws -> Offers {
        let result = try ExternalTool.run(
            "fish", ["-c", "for line in $argv; complete --do-complete $line; echo ==; end"] + lines, in: setup.directory.url,
            environment: setup.environment)
        #expect(result.status == 0)
        return sections(result.stdout).map { $0.map { String($0.prefix { $0 != "\t" }) } }
    }

    @Test func fishCompletesCommandsOptionsValuesAndRegistryEntries() async throws {
        let setup = try Setup()
        let completions = setup.directory.path("config/fish/completions")
        try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
        try await setup.script(.fish).write(toFile: completions + "/clawpair.fish", atomically: true, encoding: .utf8)
        let home = setup.home.replacing(" ", with: "\\ ")
        let offers = try Self.fish(
            setup,
            [
                "clawpair ", "clawpair gat", "clawpair gateways ", "clawpair gateways show --", "clawpair daemon --log-format ",
                "clawpair gateways show --home \(home) ", "clawpair gateways show --home=\(home) St", "clawpair qr --format=s",
                "CLAWPAIR_HOME=\(home) clawpair access logout it", "clawpair scan scan-", "clawpair probe --home \(setup.missingHome.replacing(" ", with: "\\ ")) ",
            ])
        try #require(offers.count == 11, "\(offers)")
        #expect(Set(offers[0]) == Self.commandNames)
        #expect(offers[1] == ["gateways"])
        #expect(Set(offers[2]) == Self.gatewaysSubcommands)
        #expect(Set(offers[3]) == ["--home", "--json", "--show-secrets", "--no-color", "--help"])
        #expect(Set(offers[4]) == ["text", "json"])
        #expect(Set(offers[5]) == [Self.studioID, "Studio Kitchen", Self.oddID, "it's odd"])
        #expect(offers[6] == ["Studio Kitchen"])
        #expect(offers[7] == ["--format=svg"])
        #expect(offers[8] == ["it's odd"])
        #expect(offers[9] == ["scan-me.png"])
        #expect(offers[10] == [])
        #expect(!FileManager.default.fileExists(atPath: setup.missingHome))
    }

    // MARK: The table

    /// Every command and subcommand of the table, with every option a user may give it, is in
    /// every script: a command added to the table cannot be left out of completion.
    @Test(arguments: CompletionShell.allCases)
    func everyCommandOfTheTableIsInTheScript(shell: CompletionShell) {
        let script = shell.script(for: CLI.commands)
        func walk(_ spec: CommandSpec) {
            let key = shell == .fish ? "case '\(spec.path)'\n" : "    \(ShellQuoting.quote(spec.path)))"
            #expect(script.contains(key), "\(shell) script lacks \(spec.path)")
            for option in spec.allOptions where !option.hidden {
                #expect(script.contains("--\(option.name)"), "\(shell) script lacks --\(option.name) of \(spec.path)")
            }
            spec.subcommands.forEach(walk)
        }
        CLI.commands.forEach(walk)
        #expect(!script.contains("--gateways "), "the plumbing option is offered")
    }

    // MARK: completions --gateways

    @Test func theGatewayListingHasNoSecretsAndNoControlCharacters() async throws {
        let setup = try Setup()
        let registry = try GatewayRegistry(stateDirectory: StateDirectory(path: setup.home, source: .option))
        let paired = try GatewaysCommandTests.storePaired(registry, host: "paired.example.ts.net", name: "Paired")
        try registry.upsert(GatewayEntry.manual(route: try GatewayRoute(host: "evil.lan", port: 18789, tls: false), name: "evil\u{1B}[2J\nname"))
        let result = await runCLI(["completions", "--gateways", "--home", setup.home])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(Self.studioID)\tStudio Kitchen"))
        #expect(lines.contains("\(paired.rawValue)\tPaired"))
        // A name with control characters is left out; its entry is still completed by id.
        #expect(lines.contains("manual|evil.lan|18789"))
        #expect(!result.stdout.contains("evil\u{1B}") && !result.stdout.contains("\u{1B}"))
        for secret in GatewaysCommandTests.secrets { #expect(!result.stdout.contains(secret)) }
        // --json: every entry, names as stored (JSON escapes them).
        let json = await runCLI(["completions", "--gateways", "--home", setup.home, "--json"])
        guard case .array(let entries) = try JSONParser.parse(json.stdout) else { Issue.record("not an array: \(json.stdout)"); return }
        #expect(entries.count == 4)
        #expect(entries.contains { $0["id"]?.stringValue == Self.studioID && $0["name"]?.stringValue == "Studio Kitchen" })
        #expect(entries.contains { $0["name"]?.stringValue == "evil\u{1B}[2J\nname" })
        for secret in GatewaysCommandTests.secrets { #expect(!json.stdout.contains(secret)) }
        // No registry: nothing, exit 0, nothing created.
        let missing = await runCLI(["completions", "--gateways", "--home", setup.missingHome])
        #expect(missing.status == 0 && missing.stdout.isEmpty && missing.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: setup.missingHome))
    }

    @Test func usageMistakesAndHelp() async throws {
        #expect(await runCLI(["completions"]).status == 2)
        let unknown = await runCLI(["completions", "tcsh"])
        #expect(unknown.status == 2 && unknown.stderr.contains("expected one of bash, zsh, fish"), "\(unknown.stderr)")
        #expect(await runCLI(["completions", "bash", "--home", "/tmp/x"]).status == 2)
        #expect(await runCLI(["completions", "bash", "--gateways"]).status == 2)
        let help = await runCLI(["completions", "--help"])
        #expect(help.status == 0 && help.stdout.contains("/etc/bash_completion.d/clawpair") && help.stdout.contains("~/.config/fish/completions"))
        #expect(!help.stdout.contains("  --gateways"), "the plumbing option is in --help")
        let json = await runCLI(["completions", "fish", "--json"])
        let document = try JSONParser.parse(json.stdout)
        #expect(document["shell"]?.stringValue == "fish")
        #expect(document["script"]?.stringValue == CompletionShell.fish.script(for: CLI.commands))
    }
}
