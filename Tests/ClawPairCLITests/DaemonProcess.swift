import Foundation
import Glibc
import Testing

@testable import ClawPairKit

/// `clawpair daemon --foreground` as a real process on a test home, and `clawpair status`
/// read from it, for the daemon's tests.
final class DaemonProcess {
    let process: GatewaysProcess

    /// Starts the daemon and waits for its ready line (hang guard 30 s).
    convenience init(_ home: PairCommandTests.Home, arguments: [String] = [], environment: [String: String] = [:]) throws {
        try self.init(homePath: home.path, arguments: arguments, environment: environment)
    }

    init(homePath: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process = try GatewaysProcess(
            [LabHosts.clawpair, "daemon", "--foreground", "--home", homePath] + arguments, environment: environment)
        guard process.waitForStderr("ready") else {
            throw GatewaysProcess.Failure(description: "the daemon did not get ready: \(process.stderr)")
        }
    }

    var pid: pid_t { process.pid }
    var log: String { process.stderr }

    /// SIGTERM, then its exit status.
    @discardableResult
    func terminate() -> Int32 {
        _ = Glibc.kill(process.pid, SIGTERM)
        return process.wait()
    }

    func kill9() { process.kill9() }

    // MARK: Status

    /// `clawpair status --json` on `home`: the gateways, or the exit status and output.
    static func status(_ home: PairCommandTests.Home) throws -> [JSONValue] { try status(homePath: home.path) }

    static func status(homePath: String) throws -> [JSONValue] {
        let run = try GatewaysProcess.run(["status", "--json", "--home", homePath])
        guard run.status == 0, case .array(let gateways) = try JSONParser.parse(run.stdout) else {
            throw GatewaysProcess.Failure(description: "status exited \(run.status): \(run.stdout) \(run.stderr)")
        }
        return gateways
    }

    /// The session of `role` on the gateway whose id is `id`, in `gateways`.
    static func session(_ gateways: [JSONValue], _ id: String, _ role: String) -> JSONValue? {
        guard let gateway = gateways.first(where: { $0["id"]?.stringValue == id }), case .array(let sessions)? = gateway["sessions"]
        else { return nil }
        return sessions.first { $0["role"]?.stringValue == role }
    }

    /// Polls `status` until `condition` holds (a hang guard of `seconds`, not a timing);
    /// the status that satisfied it.
    @discardableResult
    static func waitFor(
        _ home: PairCommandTests.Home, seconds: Double = 30, _ what: String, _ condition: ([JSONValue]) -> Bool
    ) throws -> [JSONValue] {
        try waitFor(homePath: home.path, seconds: seconds, what, condition)
    }

    @discardableResult
    static func waitFor(
        homePath: String, seconds: Double = 30, _ what: String, _ condition: ([JSONValue]) -> Bool
    ) throws -> [JSONValue] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [JSONValue] = []
        while Date() < deadline {
            last = try status(homePath: homePath)
            if condition(last) { return last }
            usleep(20_000)
        }
        throw GatewaysProcess.Failure(description: "status never showed \(what): \(JSONValue.array(last).serialized())")
    }

    /// Waits until the session's state is `state`; the session.
    @discardableResult
    static func waitForState(
        _ home: PairCommandTests.Home, _ id: String, _ role: String, _ state: String, seconds: Double = 30
    ) throws -> JSONValue {
        let gateways = try waitFor(home, seconds: seconds, "\(role) of \(id) \(state)") {
            session($0, id, role)?["state"]?.stringValue == state
        }
        return session(gateways, id, role)!
    }
}

extension PairCommandTests.Sim {
    /// The sim's authenticated sessions (`GET /connections`).
    func connections() throws -> [JSONValue] {
        guard case .array(let list) = try admin("GET", "/connections") else { return [] }
        return list
    }

    /// Ended sessions with the close code their client sent (`GET /ended`).
    func ended() throws -> [JSONValue] {
        guard case .array(let list) = try admin("GET", "/ended") else { return [] }
        return list
    }

    /// The connId of the open session of `role`, if any.
    func connId(role: String) throws -> String? {
        try connections().first { $0["role"]?.stringValue == role }?["connId"]?.stringValue
    }

    /// A setup code that carries the sim's shared token (the sim must run with it in
    /// `CLAWPAIR_SIM_TOKEN`): a client presenting it is paired at once, also by a restarted
    /// sim, which remembers no device.
    func tokenCode(_ token: String) -> String {
        let json: JSONValue = ["url": .string(url), "token": .string(token)]
        return Base64URL.encode(Array(json.serialized().utf8))
    }
}
