import Foundation
import Glibc
import Testing
@testable import ClawPairKit

/// Feedback while a command waits, and on Ctrl-C (issue 15 §5), with the real binary: `pair`
/// off a terminal reports each state change, a terminal reading a code gets a hint, and
/// SIGINT during `pair` or `probe` says what was reached and exits 130.
@Suite(.serialized) struct FeedbackTests {
    typealias Home = PairCommandTests.Home
    typealias Sim = PairCommandTests.Sim

    /// A setup code for ws://192.168.1.20:18789 that expired in 2026 (`--now 1` reads it).
    static let setupCode =
        "eyJ1cmwiOiJ3czovLzE5Mi4xNjguMS4yMDoxODc4OSIsImJvb3RzdHJhcFRva2VuIjoicTNYdjltTjJwTDhzUjR0Vzd5WjFhQjVjRDZlRjBnSDJpSjNrTDRtTjVvUCIsImV4cGlyZXNBdE1zIjoxNzkwMDAwMDAwMDAwfQ"

    /// `command` on a pseudo-terminal, `input` typed (then Ctrl-D); the status and everything
    /// the terminal showed.
    static func onTerminal(_ command: String, typing input: String) throws -> (status: Int32, output: String) {
        let process = try GatewaysProcess(["/bin/sh", "-c", "printf '\(input)\\n\\004' | script -qec \"$0\" /dev/null", command])
        let status = process.wait()
        return (status, process.stdout)
    }

    @Test func offATerminalPairReportsEachStateChangeAndCtrlCLeavesTheRequestPending() throws {
        let sim = try Sim()
        defer { sim.stop() }
        let home = Home()
        let pairing = try PairCommandTests.pair(home, [try sim.setupCode().code, "--wait", "120"])
        let requestId = try sim.waitForPending()
        #expect(pairing.waitForStderr("openclaw devices approve \(requestId)\n"))
        #expect(pairing.waitForStderr("clawpair pair: waiting for approval; retrying in"), "\(pairing.stderr)")
        let progress = pairing.stderr
        #expect(progress.contains("clawpair pair: using \(sim.url)\n"), "\(progress)")
        #expect(progress.contains("clawpair pair: connecting as node…\n"), "\(progress)")
        // One line each: every line names the command, except the approve command under the notice.
        for line in progress.split(separator: "\n") {
            #expect(line.hasPrefix("clawpair pair: ") || line == "  openclaw devices approve \(requestId)", "\(line)")
        }

        kill(pairing.pid, SIGINT)
        #expect(pairing.wait() == 130)
        let notice = pairing.stderr.dropFirst(progress.count)
        #expect(notice.contains("interrupted; nothing was stored, and the pairing request stays pending on the gateway"), "\(notice)")
        #expect(notice.contains("openclaw devices approve \(requestId), then run this pair again"), "\(notice)")
        #expect(notice.contains("to cancel: on the gateway host run openclaw devices reject \(requestId)"), "\(notice)")
        #expect(pairing.stdout.isEmpty)
        // The gateway still holds it, and logged it (text lines by default).
        guard case .array(let pending) = try sim.admin("GET", "/pending") else { Issue.record("no pending list"); return }
        #expect(pending.compactMap { $0["requestId"]?.stringValue } == [requestId])
        #expect(sim.process.stderr.contains(" pairing-pending requestId=\(requestId) deviceId="), "\(sim.process.stderr)")
        #expect(!sim.process.stderr.contains("pairing-approved"), "\(sim.process.stderr)")
    }

    @Test func theSimLogsPendingRequestsApprovalsAndConnectionsAsJSONLines() throws {
        let sim = try Sim(extraArguments: ["--log-format", "json"])
        defer { sim.stop() }
        let home = Home()
        let code = try sim.setupCode()
        let pairing = try PairCommandTests.pair(home, [code.code, "--wait", "120"])
        let requestId = try sim.waitForPending()
        try sim.admin("POST", "/approve/\(requestId)")
        #expect(pairing.wait() == 0, "\(pairing.stderr)")
        guard sim.process.waitForStderr("\"role\":\"operator\"}\n") else { Issue.record("\(sim.process.stderr)"); return }
        let lines = try sim.process.stderr.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let events = lines.compactMap { line in line["event"]?.stringValue.map { ($0, line["requestId"]?.stringValue ?? line["role"]?.stringValue ?? "") } }
        #expect(events.map(\.0) == ["pairing-pending", "pairing-approved", "connected", "connected"], "\(sim.process.stderr)")
        #expect(events.prefix(2).map(\.1) == [requestId, requestId])
        #expect(Set(events.suffix(2).map(\.1)) == ["node", "operator"])
        #expect(lines.allSatisfy { $0["time"]?.stringValue != nil && $0["deviceId"]?.stringValue?.isEmpty == false })
        try PairCommandTests.assertNoSecrets([sim.process.stderr], home: home, extra: [code.bootstrap])

        #expect(try GatewaysProcess.run(["sim", "--log-format", "xml"]).status == 2)
    }

    /// A prompt blocks in a read no cancellation reaches: Ctrl-C there ends `pair` at once.
    @Test func ctrlCAtTheTrustPromptEndsPairAtOnce() throws {
        let sim = try Sim(tls: true)
        defer { sim.stop() }
        let home = Home()
        let command = "exec \(LabHosts.clawpair) pair \(try sim.setupCode(fingerprint: false).code) --home \(home.path)"
        let terminal = try GatewaysProcess(["/usr/bin/script", "-qec", command, "/dev/null"], keepStdinOpen: true)
        let deadline = Date().addingTimeInterval(30)  // hang guard
        while !terminal.stdout.contains("Trust and pin this certificate? [y/N]"), Date() < deadline { usleep(5_000) }
        #expect(terminal.stdout.contains("[y/N]"), "\(terminal.stdout)")
        // The clawpair under script: the process whose command line names this test's home.
        let pids = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        let pair = pids.first { pid in
            let arguments = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return arguments.hasPrefix(LabHosts.clawpair) && arguments.contains(home.path)
        }
        let pid = try #require(pair)
        kill(pid, SIGINT)
        guard terminal.waitForExit(seconds: 30) else {
            Issue.record("pair kept waiting at the prompt")
            kill(pid, SIGKILL)
            return
        }
        #expect(terminal.wait() == 128 + SIGINT)
        #expect(try sim.connectAttempts() == 0)
    }

    @Test func ctrlCDuringProbePrintsWhatEachRouteReachedAndExits130() throws {
        // A server that accepts and reads the WebSocket upgrade but never answers it.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        #expect(bound && listen(listener, 4) == 0)
        var hangGuard = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &hangGuard, socklen_t(MemoryLayout<timeval>.size))
        let url = "ws://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"

        for json in [true, false] {
            let probe = try GatewaysProcess([LabHosts.clawpair, "probe", url, "--timeout", "120"] + (json ? ["--json"] : []))
            let connection = accept(listener, nil, nil)
            #expect(connection >= 0, "the probe did not connect")
            defer { close(connection) }
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &hangGuard, socklen_t(MemoryLayout<timeval>.size))
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                request += buffer[..<count]
            }
            #expect(String(decoding: request, as: UTF8.self).hasPrefix("GET "))

            kill(probe.pid, SIGINT)
            #expect(probe.wait() == 130, "\(probe.stderr)")
            #expect(probe.stderr.contains("clawpair probe: interrupted; the report shows what each route had reached"), "\(probe.stderr)")
            if json {
                let report = try JSONParser.parse(probe.stdout)
                #expect(report["verdict"]?["ok"] == .bool(false), "\(probe.stdout)")
                guard case .array(let routes)? = report["routes"], case .array(let stages)? = routes.first?["stages"] else {
                    Issue.record("no routes in \(probe.stdout)")
                    continue
                }
                #expect(routes.first?["url"]?.stringValue == url)
                #expect(stages.first { $0["layer"]?.stringValue == "tcp" }?["ok"] == .bool(true), "\(probe.stdout)")
                // The upgrade was under way: pending, not failed.
                #expect(stages.last?["layer"]?.stringValue == "http", "\(probe.stdout)")
                #expect(stages.last?["ok"] == .null, "\(probe.stdout)")
            } else {
                #expect(probe.stdout.contains(url), "\(probe.stdout)")
            }
        }
    }

    @Test func readingACodeFromATerminalSaysPasteThenCtrlD() throws {
        let decoded = try Self.onTerminal("\(LabHosts.clawpair) decode --now 1", typing: Self.setupCode)
        #expect(decoded.status == 0, "\(decoded.output)")
        #expect(decoded.output.contains("clawpair decode: paste the code, then Ctrl-D"), "\(decoded.output)")
        #expect(decoded.output.contains("ws://192.168.1.20:18789"), "\(decoded.output)")

        let home = Home()
        let pairing = try Self.onTerminal("\(LabHosts.clawpair) pair - --home \(home.path)", typing: "not a setup code")
        #expect(pairing.status == 3, "\(pairing.output)")
        #expect(pairing.output.contains("clawpair pair: paste the code, then Ctrl-D"), "\(pairing.output)")

        // Standard input that is not a terminal gets no hint.
        let piped = try GatewaysProcess([LabHosts.clawpair, "decode", "-"])
        #expect(piped.wait() == 3)
        #expect(!piped.stderr.contains("then Ctrl-D"), "\(piped.stderr)")
    }
}
