import Foundation
import Testing
@testable import ClawPairKit

/// Issue 15 §4: `pair` never replaces a stored pin silently. A real `clawpair pair` against
/// a real `clawpair sim --tls`; the gateway's certificate changes by starting a second sim on
/// the same port with another home (another certificate). Off a terminal a pin change is
/// exit 5 (TLS_PIN_MISMATCH, old and new pin, the remedy) with nothing stored and no connect
/// sent; `--trust NEW` accepts it; on a terminal (a pty from util-linux `script`) the user
/// is asked, "n" is exit 1.
@Suite(.serialized) struct PairPinChangeTests {
    typealias Home = PairCommandTests.Home
    typealias Sim = PairCommandTests.Sim

    /// The stored pin and node device token of the one entry in `home`.
    static func stored(_ home: Home) throws -> (id: GatewayID, pin: String?, nodeToken: String?) {
        let registry = try home.open()
        let entry = try #require(try registry.list().first)
        let record = try registry.record(entry.entry.id)
        return (entry.entry.id, record?.pin?.hex, record?.deviceToken(role: "node")?.token.revealed)
    }

    /// `clawpair pair CODE` on a pseudo-terminal, `answer` typed at any prompt; the status and
    /// everything the terminal showed.
    static func onTerminal(_ answer: String, _ home: Home, _ code: String) throws -> (status: Int32, output: String) {
        let command = "\(LabHosts.clawpair) pair \(code) --home \(home.path)"
        let process = try GatewaysProcess(["/bin/sh", "-c", "printf '\(answer)\\n' | script -qec \"$0\" /dev/null", command])
        let status = process.wait()
        return (status, process.stdout)
    }

    /// `clawpair gateways trust ID --fingerprint HEX`: puts the old pin back between cases.
    static func pin(_ home: Home, _ id: GatewayID, _ fingerprint: String) throws {
        let process = try GatewaysProcess([LabHosts.clawpair, "gateways", "trust", id.rawValue, "--fingerprint", fingerprint, "--home", home.path])
        #expect(process.wait() == 0, "\(process.stderr)")
    }

    /// Asserts a refused pin change: exit 5 with the code, both pins and the remedy in the
    /// JSON error; returns the message.
    static func expectRefusal(_ result: (status: Int32, stdout: String, stderr: String, json: JSONValue?), old: String, new: String) {
        #expect(result.status == 5, "\(result.stdout)\(result.stderr)")
        let error = result.json?["error"]
        #expect(error?["code"]?.stringValue == "TLS_PIN_MISMATCH")
        let message = error?["message"]?.stringValue ?? ""
        #expect(message.contains("pin changes from \(old) to \(new)"), "\(message)")
        #expect(message.contains("nothing was stored"))
        let remedy = error?["remedy"]?.stringValue ?? ""
        #expect(remedy.contains("clawpair gateways trust"), "\(remedy)")
        #expect(remedy.contains("--fingerprint \(new)"))
        #expect(remedy.contains("--trust \(new)"))
    }

    /// A new setup code whose pin is not the stored one: decided before any connection.
    @Test func aNewSetupCodePinIsAskedForOrRefusedNeverStoredSilently() throws {
        let home = Home()
        let first = try Sim(tls: true, autoApprove: true)
        let port = first.port
        let paired = try PairCommandTests.run(home, [try first.setupCode(fingerprint: true).code, "--json"])
        #expect(paired.status == 0, "\(paired.stderr)")
        let old = try #require(first.fingerprint)
        first.stop()
        let replaced = try Sim(tls: true, autoApprove: true, port: port)
        defer { replaced.stop() }
        let new = try #require(replaced.fingerprint)
        #expect(new != old)
        let before = try Self.stored(home)
        #expect(before.pin == old)

        // Off a terminal: exit 5, both pins, nothing stored, not even a connect sent.
        Self.expectRefusal(try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: true).code, "--json"]), old: old, new: new)
        // First-use trust is not a pin change's consent; a --trust naming another certificate neither.
        Self.expectRefusal(
            try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: true).code, "--json", "--trust-on-first-use"]), old: old, new: new)
        let wrong = try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: true).code, "--json", "--trust", old])
        Self.expectRefusal(wrong, old: old, new: new)
        #expect(wrong.json?["error"]?["message"]?.stringValue?.contains("--trust names \(old)") == true)
        #expect(try replaced.connectAttempts() == 0)
        let unchanged = try Self.stored(home)
        #expect(unchanged.pin == old)
        let tokenKept = unchanged.nodeToken == before.nodeToken  // compared apart: a failure must not print a token
        #expect(tokenKept)

        // On a terminal, "n": exit 1 (declined), nothing stored, nothing sent.
        let declined = try Self.onTerminal("n", home, try replaced.setupCode(fingerprint: true).code)
        #expect(declined.status == 1, "\(declined.output)")
        #expect(declined.output.contains("pin changes from \(old) to \(new) — trust the new certificate? [y/N]"))
        #expect(declined.output.contains("declined: pin changes from \(old) to \(new)"))
        #expect(try replaced.connectAttempts() == 0)
        #expect(try Self.stored(home).pin == old)

        // "y" pairs and stores the new pin.
        let accepted = try Self.onTerminal("y", home, try replaced.setupCode(fingerprint: true).code)
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains("trusting the new certificate"))
        #expect(try Self.stored(home).pin == new)

        // --trust NEW off a terminal pairs and stores it too.
        try Self.pin(home, before.id, old)
        let trusted = try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: true).code, "--json", "--trust", new])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.json?["fingerprint"]?.stringValue == new)
        #expect(trusted.stderr.contains("pin changes from \(old) to \(new)"))
        #expect(try Self.stored(home).pin == new)
        let tokenReplaced = try Self.stored(home).nodeToken != before.nodeToken
        #expect(tokenReplaced)

        // The remedy's other way: `gateways trust ID --fingerprint NEW`, then the code pairs.
        try Self.pin(home, before.id, old)
        Self.expectRefusal(try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: true).code, "--json"]), old: old, new: new)
        try Self.pin(home, before.id, new)
        let afterTrust = try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: true).code, "--json"])
        #expect(afterTrust.status == 0, "\(afterTrust.stderr)")
    }

    /// A code without a pin, and the stored route presents another certificate.
    @Test func aChangedCertificateOnTheStoredPinIsAPinChange() throws {
        let home = Home()
        let first = try Sim(tls: true, autoApprove: true)
        let port = first.port
        let paired = try PairCommandTests.run(home, [try first.setupCode(fingerprint: false).code, "--json", "--trust-on-first-use"])
        #expect(paired.status == 0, "\(paired.stderr)")
        let old = try #require(first.fingerprint)
        first.stop()
        let replaced = try Sim(tls: true, autoApprove: true, port: port)
        defer { replaced.stop() }
        let new = try #require(replaced.fingerprint)
        let before = try Self.stored(home)

        let refused = try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: false).code, "--json"])
        Self.expectRefusal(refused, old: old, new: new)
        #expect(refused.json?["error"]?["message"]?.stringValue?.contains("presented another certificate") == true)
        #expect(try replaced.connectAttempts() == 0)
        #expect(try Self.stored(home).pin == old)

        let declined = try Self.onTerminal("n", home, try replaced.setupCode(fingerprint: false).code)
        #expect(declined.status == 1, "\(declined.output)")
        #expect(declined.output.contains("pin changes from \(old) to \(new) — trust the new certificate?"))
        #expect(try replaced.connectAttempts() == 0)
        #expect(try Self.stored(home).pin == old)

        let accepted = try Self.onTerminal("y", home, try replaced.setupCode(fingerprint: false).code)
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(try Self.stored(home).pin == new)

        try Self.pin(home, before.id, old)
        let trusted = try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: false).code, "--json", "--trust", new])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.json?["pinned"] == .bool(true))
        #expect(try Self.stored(home).pin == new)
        let tokenReplaced = try Self.stored(home).nodeToken != before.nodeToken
        #expect(tokenReplaced)
    }

    /// The new certificate is one the system trusts (a private CA through SSL_CERT_FILE): still
    /// a pin change, never a silent replacement.
    @Test func aSystemTrustedNewCertificateStillNeedsConsent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-pins-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
            set -e
            cd "$1"
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=pin change test CA" \
                -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
            printf 'subjectAltName=IP:127.0.0.1\\n' > leaf.ext
            shift
            for home in "$@"; do
                mkdir -p "$home"
                openssl req -new -newkey rsa:2048 -nodes -keyout "$home/sim-tls-key.pem" -out leaf.csr -subj /CN=127.0.0.1 2>/dev/null
                openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile leaf.ext \
                    -out "$home/sim-tls-cert.pem" 2>/dev/null
            done
            """
        // Each sim's home holds its CA-signed certificate before it starts (the sim keeps the one it finds).
        let firstHome = Home()
        let secondHome = Home()
        try LabHosts.run(["/bin/sh", "-c", script, "sh", directory, firstHome.path, secondHome.path])
        let environment = ["SSL_CERT_FILE": "\(directory)/ca.pem"]

        let home = Home()
        let first = try Sim(tls: true, autoApprove: true, home: firstHome)
        let port = first.port
        // The code's pin is stored even for a certificate the system trusts.
        let paired = try PairCommandTests.run(home, [try first.setupCode(fingerprint: true).code, "--json"], environment: environment)
        #expect(paired.status == 0, "\(paired.stderr)")
        let old = try #require(first.fingerprint)
        #expect(try Self.stored(home).pin == old)
        first.stop()

        let replaced = try Sim(tls: true, autoApprove: true, port: port, home: secondHome)
        defer { replaced.stop() }
        let new = try #require(replaced.fingerprint)
        let refused = try PairCommandTests.run(home, [try replaced.setupCode(fingerprint: false).code, "--json"], environment: environment)
        Self.expectRefusal(refused, old: old, new: new)
        #expect(refused.json?["error"]?["message"]?.stringValue?.contains("one this system trusts") == true, "\(refused.stdout)")
        #expect(try replaced.connectAttempts() == 0)
        #expect(try Self.stored(home).pin == old)

        let trusted = try PairCommandTests.run(
            home, [try replaced.setupCode(fingerprint: false).code, "--json", "--trust", new], environment: environment)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(try Self.stored(home).pin == new)
    }
}
