import ClawPairKit
import ClawPairTestSupport
import Foundation
import Glibc
import Testing

/// Secrets in `probe`'s argv and in what a server sends back (issue 16, item 5), with the
/// real binary against a server that reflects the request: it refuses the upgrade with 403,
/// echoes every request header value under `X-Echo-<n>`, and sends a body of padding, the
/// whole request head, and a stored token it was told, cut by the probe's 512-byte capture.
@Suite(.serialized) struct ProbeSecretsTests {
    static let reflector = #"""
        import socket, sys, threading
        extra = sys.argv[1].encode()
        pad = int(sys.argv[2])
        server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(16)
        print("PORT %d" % server.getsockname()[1], flush=True)
        def serve(connection):
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = connection.recv(4096)
                if not chunk: return
                head += chunk
            lines = head.split(b"\r\n\r\n")[0].split(b"\r\n")[1:]
            echoes = b"".join(b"X-Echo-%d: %s\r\n" % (i, l.split(b":", 1)[1].strip()) for i, l in enumerate(lines))
            body = b"P" * pad + extra + b"\n" + head
            connection.sendall(b"HTTP/1.1 403 Forbidden\r\n" + echoes + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
            connection.close()
        while True:
            connection, _ = server.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """#

    final class Reflector {
        let process: SpawnedProcess
        let port: UInt16

        /// `extra` goes into the body after `pad` bytes of padding.
        init(extra: String = "nothing", pad: Int = 0) async throws {
            process = try SpawnedProcess(executable: "/usr/bin/python3", arguments: ["-c", ProbeSecretsTests.reflector, extra, "\(pad)"])
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, process.isRunning {
                if let line = process.log.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }), let port = UInt16(line.dropFirst(5)) {
                    self.port = port
                    return
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            process.stop()
            throw SpawnedProcess.SpawnError(description: "the reflector did not start: \(process.log)")
        }

        var url: String { "ws://127.0.0.1:\(port)" }
        deinit { process.stop() }
    }

    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-probe-secrets-\(UUID().uuidString)").path
        init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func probe(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try GatewaysProcess.run(["probe"] + arguments)
    }

    @Test func headerFileValuesNeverAppearInTextOrJSON() async throws {
        let server = try await Reflector()
        let scratch = Scratch()
        let file = try scratch.write("headers", "# Access service token\nCF-Access-Client-Id: id-visible.access\r\nCF-Access-Client-Secret: file-s3cret-0001\n\nX-Plain: opaque-file-s3cret-0002\n")
        for output in [["--json"], []] {
            let result = try Self.probe([server.url, "--header-file", file] + output)
            #expect(result.status == 4, "\(result.stdout) \(result.stderr)")
            let all = result.stdout + result.stderr
            #expect(!all.contains("file-s3cret"), "\(output): \(all)")
            #expect(all.contains("<redacted>"))
            #expect(!all.contains("id-visible.access"), "every header-file value is a known secret: \(all)")
            #expect(!result.stderr.contains("warning"))
        }
        #expect(all(of: try JSONParser.parse(try Self.probe([server.url, "--header-file", file, "--json"]).stdout)))
    }

    /// Every header value in the JSON report that holds a file value is `<redacted>`, and
    /// the reflection itself happened (the body holds the request head).
    private func all(of json: JSONValue) -> Bool {
        guard case .array(let routes)? = json["routes"], case .array(let stages)? = routes.first?["stages"],
            let http = stages.last, let body = http["detail"]?["body"]?.stringValue
        else { return false }
        return body.contains("GET / HTTP/1.1") && body.contains("CF-Access-Client-Secret: <redacted>")
    }

    @Test func headerFileFromStandardInput() async throws {
        let server = try await Reflector()
        let script = "printf 'Authorization: Bearer stdin-s3cret-0003\\n' | \"$0\" probe \"$1\" --header-file - --json"
        let process = try GatewaysProcess(["/bin/sh", "-c", script, LabHosts.clawpair, server.url])
        #expect(process.wait() == 4, "\(process.stdout) \(process.stderr)")
        #expect(!(process.stdout + process.stderr).contains("stdin-s3cret"))
        #expect(process.stdout.contains("<redacted>"))
    }

    @Test func aSecretHeaderInArgvWorksButWarnsAndIsHidden() async throws {
        let server = try await Reflector()
        let result = try Self.probe([server.url, "--header", "X-Api-Key: argv-s3cret-0004", "--header", "X-Trace: trace-visible-42", "--json"])
        #expect(result.status == 4)
        #expect(result.stderr.contains("warning: --header X-Api-Key puts a secret on the command line"), "\(result.stderr)")
        #expect(result.stderr.contains("--header-file"))
        #expect(!result.stderr.contains("X-Trace"))
        #expect(!(result.stdout + result.stderr).contains("argv-s3cret"), "\(result.stdout)")
        #expect(result.stdout.contains("trace-visible-42"), "a header that is no secret is shown as sent")
    }

    @Test func showSecretsShowsThem() async throws {
        let server = try await Reflector()
        let scratch = Scratch()
        let file = try scratch.write("headers", "Authorization: Bearer shown-s3cret-0005\n")
        let result = try Self.probe([server.url, "--header-file", file, "--json", "--show-secrets"])
        #expect(result.stdout.contains("shown-s3cret-0005"))
    }

    /// A stored token the server happens to know is hidden, including the part of it that a
    /// capture cut at 512 bytes kept.
    @Test func aPairedGatewaysStoredTokensAreHiddenEvenCutShort() async throws {
        let token = "stored-operator-tok3n-0006-abcdefghijklmnop"
        for pad in [0, 512 - 20] {
            let server = try await Reflector(extra: token, pad: pad)
            let home = GatewaysCommandTests.Home()
            let registry = try home.open()
            var entry = GatewayEntry.manual(route: try GatewayRoute(host: "127.0.0.1", port: Int(server.port), tls: false), name: "reflector")
            entry.provenRoute = server.url
            try registry.storePairing(
                GatewayPairing(
                    entry: entry, credentials: GatewaySecrets(), pin: nil,
                    deviceTokens: [DeviceToken(role: "operator", token: Secret(token), scopes: ["operator.read"], issuedAtMs: 1)]))
            let result = try Self.probe(["reflector", "--json", "--home", home.path])
            #expect(result.status == 4, "\(result.stdout) \(result.stderr)")
            #expect(!result.stdout.contains(String(token.prefix(12))), "pad \(pad): \(result.stdout)")
            #expect(result.stdout.contains("<redacted>"))
        }
    }
}
