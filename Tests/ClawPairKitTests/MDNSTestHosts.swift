import Foundation
import Glibc
import ClawPairKit

/// Two mDNS hosts in network namespaces ("gw" and "client"), each with its own D-Bus and
/// avahi-daemon, made by Fixtures/mdns-hosts.sh. The browse under test runs in the test
/// process, but its loop thread joins the client's namespaces (`enterClient`).
final class MDNSTestHosts: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    enum Host: String {
        case gateway = "gw"
        case client
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mdns-hosts.sh").path

    /// Whether namespace tests can run at all. Without root they are skipped; as root
    /// (CI) they run, and any problem setting the hosts up fails the test.
    static var canRun: Bool { getuid() == 0 }

    let stateDirectory: String
    let gatewayPID: Int32
    let clientPID: Int32

    private init(stateDirectory: String, gatewayPID: Int32, clientPID: Int32) {
        self.stateDirectory = stateDirectory
        self.gatewayPID = gatewayPID
        self.clientPID = clientPID
    }

    /// Creates both hosts; on failure everything started so far is stopped again.
    static func up() throws -> MDNSTestHosts {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("clawpair-mdns-\(getpid())-\(UUID().uuidString.prefix(8))").path
        do {
            let output = try run([script, "up", directory])
            var values: [String: Int32] = [:]
            for line in output.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1)
                if parts.count == 2, let pid = Int32(parts[1]) { values[String(parts[0])] = pid }
            }
            guard let gateway = values["GW_PID"], let client = values["CLIENT_PID"] else {
                throw Failure(description: "mdns-hosts.sh up printed no host PIDs: \(output)")
            }
            return MDNSTestHosts(stateDirectory: directory, gatewayPID: gateway, clientPID: client)
        } catch {
            _ = try? run([script, "down", directory])
            throw error
        }
    }

    /// Stops every process the hosts started and deletes the namespaces.
    func down() {
        _ = try? Self.run([Self.script, "down", stateDirectory])
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// Publishes a service on the gateway host with the real `avahi-publish -s` (on
    /// `host`, when given, instead of the gateway host's own name); returns once avahi
    /// reports it established, with the publisher's PID.
    @discardableResult
    func publish(name: String, type: String = "_openclaw-gw._tcp", host: String? = nil, port: UInt16, txt: [String]) throws -> Int32 {
        try publish(["-s"] + (host.map { ["-H", $0] } ?? []) + [name, type, String(port)] + txt)
    }

    /// Publishes an A or AAAA record for `host` on the gateway host (`avahi-publish -a -R`).
    @discardableResult
    func publishAddress(host: String, address: String) throws -> Int32 {
        try publish(["-a", "-R", host, address])
    }

    private func publish(_ arguments: [String]) throws -> Int32 {
        let output = try Self.run([Self.script, "publish", stateDirectory] + arguments)
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("PUBLISH_PID=") }),
            let pid = Int32(line.dropFirst("PUBLISH_PID=".count))
        else { throw Failure(description: "mdns-hosts.sh publish printed no PID: \(output)") }
        return pid
    }

    /// Stops a publisher; avahi-daemon then sends goodbye packets for its service.
    func unpublish(_ pid: Int32) {
        kill(pid, SIGTERM)
    }

    /// Runs a command inside a host and returns its standard output.
    @discardableResult
    func run(in host: Host, _ arguments: [String]) throws -> String {
        try Self.run([Self.script, "exec", stateDirectory, host.rawValue] + arguments)
    }

    /// Restarts a host's avahi-daemon, emptying its cache.
    func restartAvahi(on host: Host) throws {
        try Self.run([Self.script, "restart-avahi", stateDirectory, host.rawValue])
    }

    /// Stops a host's avahi-daemon; its D-Bus keeps running.
    func stopAvahi(on host: Host) throws {
        try Self.run([Self.script, "stop-avahi", stateDirectory, host.rawValue])
    }

    /// The prologue that moves a browse's loop thread into the client host.
    var enterClient: @Sendable () throws(ClawPairError) -> Void {
        let pid = clientPID
        return { () throws(ClawPairError) in try LinuxNamespaces.enter(pid: pid) }
    }

    /// The PIDs of every process connected to the client host's D-Bus (this test process
    /// appears once per open avahi-client connection: one per running browse).
    func clientBusPeers() throws -> [Int32] {
        let output = try run(in: .client, [
            "sh", "-c",
            """
            for name in $(dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                    org.freedesktop.DBus.ListNames | sed -n 's/.*string "\\(:[^"]*\\)".*/\\1/p'); do
                dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                    org.freedesktop.DBus.GetConnectionUnixProcessID "string:$name" 2>/dev/null | sed -n 's/.*uint32 //p'
            done
            """,
        ])
        return output.split(separator: "\n").compactMap { Int32($0) }
    }

    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        let output = Pipe()
        // stderr to a file, so neither stream can fill up and block the other.
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("mdns-hosts-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorPath) }
        let errorHandle = try FileHandle(forWritingTo: errorPath)
        defer { try? errorHandle.close() }
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorPath, encoding: .utf8)) ?? ""
            throw Failure(
                description: "\(arguments.dropFirst().joined(separator: " ")) failed (\(process.terminationStatus)): \(errors)\(text)")
        }
        return text
    }
}
