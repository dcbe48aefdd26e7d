import Testing
import ClawPairKit

@testable import ClawPairCLI
@testable import ClawPairSim

/// `clawpair probe` in-process: argument checks and exit codes that need no network (a
/// refused loopback port and a refused plaintext route are the only targets dialled).
@Suite struct ProbeCommandTests {
    @Test(arguments: [
        ["probe"],
        ["probe", "10.0.0.1", "--timeout", "0"],
        ["probe", "10.0.0.1", "--timeout", "soon"],
        ["probe", "10.0.0.1", "--fingerprint", "abc"],
        ["probe", "10.0.0.1", "--header", "no colon"],
        ["probe", "10.0.0.1", "--header", "Bad Name: x"],
        ["probe", "10.0.0.1", "--bogus"],
    ])
    func usageErrors(_ arguments: [String]) async {
        let result = await runCLI(arguments)
        #expect(result.status == 2, "\(result.stderr)")
    }

    @Test(arguments: ["wss://user:pw@gw.example.com", "ftp://gw", "gw.lan:0"])
    func undecodableTarget_exit3(_ target: String) async throws {
        let result = await runCLI(["probe", target, "--json"])
        #expect(result.status == 3)
        #expect(try JSONParser.parse(result.stdout)["error"]?["code"] == "PROBE_TARGET_INVALID")
    }

    @Test func plaintextToAPublicHost_exit5() async throws {
        let result = await runCLI(["probe", "ws://gateway.example.com:18789", "--json"])
        #expect(result.status == 5)
        let json = try JSONParser.parse(result.stdout)
        #expect(json["verdict"]?["code"] == "PLAINTEXT_NOT_ALLOWED")
        #expect(json["verdict"]?["layer"] == "tls")
        #expect(json["target"] == "ws://gateway.example.com:18789")
    }

    @Test func refusedLoopbackPort_humanReport() async throws {
        let port = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: IOReactor()).localAddress.port
        let result = await runCLI(["probe", "127.0.0.1:\(port)"])
        #expect(result.status == 4)
        // No scheme: wss:// first, then ws:// (loopback may use plaintext).
        #expect(result.stdout.contains("#1 wss://127.0.0.1:\(port)"))
        #expect(result.stdout.contains("#2 ws://127.0.0.1:\(port)"))
        #expect(result.stdout.contains("TCP_REFUSED"))
        #expect(result.stdout.contains("verdict: TCP_REFUSED at tcp"))
        #expect(result.stdout.contains("remedy: nothing listens on 127.0.0.1:\(port)"))
        #expect(result.stderr.isEmpty)
    }

    @Test func exitStatusPerVerdictCode() {
        func verdict(_ code: ClawPairError.Code?) -> ProbeVerdict {
            ProbeVerdict(ok: code == nil, route: nil, layer: nil, code: code, message: "", remedy: nil)
        }
        #expect(ProbeCommand.exitStatus(verdict(nil)) == .success)
        for code in [ClawPairError.Code.tlsUntrusted, .tlsNameMismatch, .tlsExpired, .tlsPinMismatch, .plaintextNotAllowed] {
            #expect(ProbeCommand.exitStatus(verdict(code)) == .trust, "\(code)")
        }
        #expect(ProbeCommand.exitStatus(verdict(.httpAccessChallenge)) == .authorization)
        for code in [
            ClawPairError.Code.dnsNXDomain, .dnsTimeout, .dnsFailure, .tcpRefused, .tcpTimeout, .tcpUnreachable,
            .tlsHandshakeFailed, .httpUnexpectedStatus, .wsUpgradeRejected, .wsProtocolError, .gatewayNoChallenge,
            .gatewayProtocolError,
        ] {
            #expect(ProbeCommand.exitStatus(verdict(code)) == .unreachable, "\(code)")
        }
    }

    @Test func headersParse() throws {
        let headers = try ProbeCommand.headers(["Authorization: Bearer x", "X-Empty:", "X-Tab:\tv"])
        #expect(headers.fields.map(\.name) == ["Authorization", "X-Empty", "X-Tab"])
        #expect(headers.fields.map(\.value) == ["Bearer x", "", "v"])
    }
}
