import Foundation
import Glibc
import Testing

@testable import ClawPairCLI
@testable import ClawPairKit

/// The daemon follows the registry as other `clawpair` processes change it (issue 13):
/// `focus` moves the node session and leaves other bolted sessions alone, `unbolt` and
/// `forget` close, a new pairing starts; SIGHUP re-reads; unrelated changes restart nothing.
@Suite(.serialized) struct DaemonRegistryFollowTests {
    typealias Sim = PairCommandTests.Sim
    typealias Home = PairCommandTests.Home

    static func gateways(_ arguments: [String], _ home: Home) throws {
        // forget asks first; elsewhere than on a terminal it needs --yes.
        let confirm = arguments.first == "forget" ? ["--yes"] : []
        let run = try GatewaysProcess.run(["gateways"] + arguments + ["--home", home.path] + confirm)
        guard run.status == 0 else { throw GatewaysProcess.Failure(description: "gateways \(arguments) failed: \(run.stderr)") }
    }

    @Test func focusUnboltAndForgetByAnotherProcessMoveOnlyTheSessionsTheyConcern() throws {
        let home = Home()
        let (a, aID) = try DaemonFaultTests.connected(home)
        defer { a.stop() }
        let (b, bID) = try DaemonFaultTests.connected(home)
        defer { b.stop() }
        let (c, cID) = try DaemonFaultTests.connected(home)
        defer { c.stop() }
        try Self.gateways(["bolt", bID], home)
        try Self.gateways(["bolt", cID], home)
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        try DaemonProcess.waitForState(home, aID, "node", "connected")
        try DaemonProcess.waitForState(home, bID, "operator", "connected")
        try DaemonProcess.waitForState(home, cID, "operator", "connected")
        #expect(try b.connId(role: "node") == nil)
        let cConn = try #require(try c.connId(role: "operator"))
        let aNode = try #require(try a.connId(role: "node"))

        // focus B: A's node session closes (1000), B gets one; C is not touched.
        try Self.gateways(["focus", bID], home)
        try DaemonProcess.waitForState(home, bID, "node", "connected")
        let moved = try DaemonProcess.waitFor(home, "A without a node session") { DaemonProcess.session($0, aID, "node") == nil }
        #expect(moved.first?["id"]?.stringValue == bID, "the focused gateway is listed first")
        #expect(try a.ended().first { $0["connId"]?.stringValue == aNode }?["closeCode"] == .integer(1000))
        #expect(try a.connId(role: "node") == nil)
        try DaemonProcess.waitForState(home, aID, "operator", "connected")
        #expect(try c.connId(role: "operator") == cConn)

        // unbolt C: its operator session closes with 1000.
        try Self.gateways(["unbolt", cID], home)
        try DaemonProcess.waitFor(home, "C without sessions") { DaemonProcess.session($0, cID, "operator") == nil }
        #expect(try c.ended().first { $0["connId"]?.stringValue == cConn }?["closeCode"] == .integer(1000))

        // forget A: gone from status, its session closed at once.
        let aOperator = try #require(try a.connId(role: "operator"))
        try Self.gateways(["forget", aID], home)
        try DaemonProcess.waitFor(home, "A gone") { gateways in !gateways.contains { $0["id"]?.stringValue == aID } }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try a.connId(role: "operator") != nil { usleep(10_000) }
        #expect(try a.ended().first { $0["connId"]?.stringValue == aOperator }?["closeCode"] == .integer(1000))

        // Renaming B is not a connection input: its sessions stay as they are.
        let bNode = try #require(try b.connId(role: "node"))
        let rename = try GatewaysProcess.run(["gateways", "rename", bID, "renamed-b", "--home", home.path])
        #expect(rename.status == 0)
        try DaemonProcess.waitFor(home, "the new name") { $0.first { $0["id"]?.stringValue == bID }?["name"] == "renamed-b" }
        #expect(try b.connId(role: "node") == bNode)
    }

    @Test func aGatewayPairedWhileTheDaemonRunsIsConnectedAndSighupRereads() throws {
        let home = Home()
        let daemon = try DaemonProcess(home)
        defer { daemon.terminate() }
        #expect(try DaemonProcess.status(home).isEmpty)
        let (sim, id) = try DaemonFaultTests.connected(home)
        defer { sim.stop() }
        // The first pairing focuses: both sessions come up without a restart.
        try DaemonProcess.waitForState(home, id, "node", "connected")
        try DaemonProcess.waitForState(home, id, "operator", "connected")
        // SIGHUP re-reads; nothing changed, so nothing restarts and the daemon lives on.
        let node = try #require(try sim.connId(role: "node"))
        _ = Glibc.kill(daemon.pid, SIGHUP)
        #expect(daemon.process.waitForStderr("SIGHUP"))
        #expect(try DaemonProcess.status(home).count == 1)
        #expect(try sim.connId(role: "node") == node)
    }
}
