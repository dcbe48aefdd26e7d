import Foundation
import Glibc
import Testing

@testable import ClawPairKit

/// `clawpair sim --count N`: N gateways in one process, each with its own port, admin
/// endpoint, identity and state (the daemon benchmark's 200 gateways).
@Suite(.serialized) struct SimCountTests {
    @Test func threeGatewaysEachServeAndPairOnTheirOwn() throws {
        let simHome = PairCommandTests.Home()
        let process = try GatewaysProcess([LabHosts.clawpair, "sim", "--count", "3", "--tls", "--home", simHome.path])
        defer {
            _ = Glibc.kill(process.pid, SIGTERM)
            process.wait()
        }
        let deadline = Date().addingTimeInterval(60)  // hang guard: three certificates are made
        var lines: [JSONValue] = []
        while Date() < deadline, lines.count < 3 {
            lines = process.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
            if lines.count < 3 { usleep(10_000) }
        }
        #expect(lines.map { $0["index"] } == [.integer(0), .integer(1), .integer(2)])
        #expect(Set(lines.compactMap { $0["url"]?.stringValue }).count == 3)
        #expect(Set(lines.compactMap { $0["adminUrl"]?.stringValue }).count == 3)
        #expect(Set(lines.compactMap { $0["tlsFingerprint"]?.stringValue }).count == 3, "each gateway has its own certificate")
        for index in 0..<3 {
            #expect(FileManager.default.fileExists(atPath: "\(simHome.path)/gateway-\(index)/sim-tls-cert.pem"))
        }
        // Gateway 1 pairs through its own setup code and admin endpoint; the others see nothing.
        let home = PairCommandTests.Home()
        let admin = try #require(lines[1]["adminUrl"]?.stringValue)
        let port = try #require(UInt16(admin.split(separator: ":").last.map(String.init) ?? ""))
        let code = try JSONParser.parse(try AdminHTTP.request(port: port, method: "POST", path: "/setup-code", body: "{\"fingerprint\":true}"))
        let pairing = try PairCommandTests.pair(home, [try #require(code["setupCode"]?.stringValue), "--wait", "30"])
        let pending = Date().addingTimeInterval(30)
        var requestId: String?
        while Date() < pending, requestId == nil {
            if case .array(let list) = try JSONParser.parse(try AdminHTTP.request(port: port, method: "GET", path: "/pending", body: "")) {
                requestId = list.first?["requestId"]?.stringValue
            }
            if requestId == nil { usleep(20_000) }
        }
        _ = try AdminHTTP.request(port: port, method: "POST", path: "/approve/\(try #require(requestId))", body: "")
        #expect(pairing.wait() == 0, "\(pairing.stderr)")
        for (index, line) in lines.enumerated() where index != 1 {
            let other = try #require(UInt16(line["adminUrl"]?.stringValue?.split(separator: ":").last.map(String.init) ?? ""))
            #expect(try JSONParser.parse(try AdminHTTP.request(port: other, method: "GET", path: "/devices", body: "")) == .array([]))
        }
    }

    @Test func countIsBoundedAndLoopbackOnly() throws {
        #expect(try GatewaysProcess.run(["sim", "--count", "0"]).status == 2)
        #expect(try GatewaysProcess.run(["sim", "--count", "1001"]).status == 2)
        #expect(try GatewaysProcess.run(["sim", "--count", "2", "--zone", "/tmp/never-written.zone"]).status == 2)
    }
}
