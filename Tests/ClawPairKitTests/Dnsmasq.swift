import Foundation
import Testing

@testable import ClawPairKit
import ClawPairTestSupport

/// A dnsmasq serving a unicast DNS-SD zone on 127.0.0.1 (and ::1) at a random high port, in
/// the foreground, for one test; ended by its PID when the test is done.
///
/// What dnsmasq 2.90 (Debian's, built with libidn2) does with names, found by trying: names
/// in its options are case-folded to lowercase when they contain uppercase ASCII (they go
/// through IDNA mapping); a label with non-ASCII bytes is converted to punycode (`Küche` →
/// `xn--kche-0ra`), and one that mixes non-ASCII with a space is refused ("bad PTR record");
/// `\DDD` escapes are not understood (the backslash is kept literally). So dnsmasq can serve
/// instance labels with spaces and punctuation, but not raw UTF-8 ones; those are covered
/// by ``TestZone``.
struct Dnsmasq {
    /// An instance to serve.
    struct Instance {
        var label: String
        var target: String
        var port: UInt16
        var txt: [String]
        var ipv4: String?
        var ipv6: String?
    }

    static let installHint = "dnsmasq is not installed: apt-get install dnsmasq-base"
    /// coreutils' `timeout`, which ends dnsmasq should the test process die without stopping it.
    static let watchdog = "/usr/bin/timeout"
    /// A test's dnsmasq is stopped within seconds; this only bounds a leak.
    static let lifetimeSeconds = 300

    let port: UInt16
    let process: SpawnedProcess
    let domain: String

    var server: DNSServerAddress { DNSServerAddress(.v4([127, 0, 0, 1]), port: port) }
    var serverIPv6: DNSServerAddress { DNSServerAddress(IPAddress("::1")!, port: port) }

    /// The dnsmasq options that serve `instances` in `domain` (and nothing else: no upstream,
    /// no hosts file, NXDOMAIN for unknown names in the domain).
    static func arguments(domain: String, instances: [Instance], ttl: Int, port: UInt16, extra: [String]) -> [String] {
        let service = "_openclaw-gw._tcp.\(domain)"
        var arguments = [
            "--keep-in-foreground", "--conf-file=/dev/null", "--pid-file=", "--no-resolv", "--no-hosts",
            "--port=\(port)", "--listen-address=127.0.0.1,::1", "--bind-interfaces", "--local=/\(domain)/",
            "--local-ttl=\(ttl)", "--log-facility=-",
        ]
        for instance in instances {
            let name = "\(instance.label).\(service)"
            arguments.append("--ptr-record=\(service),\(name)")
            arguments.append("--srv-host=\(name),\(instance.target),\(instance.port)")
            // dnsmasq splits TXT strings on commas. Quotes group them only in a config file;
            // on the command line they would be kept as bytes, so strings must not hold commas.
            precondition(!instance.txt.contains { $0.contains(",") }, "a TXT string with a comma")
            arguments.append("--txt-record=\(name)," + instance.txt.joined(separator: ","))
            var host = "--host-record=\(instance.target)"
            if let ipv4 = instance.ipv4 { host += ",\(ipv4)" }
            if let ipv6 = instance.ipv6 { host += ",\(ipv6)" }
            arguments.append(host + ",\(ttl)")
        }
        return arguments + extra
    }

    /// Starts dnsmasq and waits until it answers; throws (failing the test) when dnsmasq is
    /// missing or does not come up. `extraArguments` are appended (more `--local` domains,
    /// browse-domain PTR records).
    static func start(
        domain: String, instances: [Instance], ttl: Int = 60, extraArguments: [String] = []
    ) async throws -> Dnsmasq {
        let candidates = ["/usr/sbin/dnsmasq", "/usr/bin/dnsmasq", "/sbin/dnsmasq"]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record(Comment(rawValue: installHint))
            throw Failure(installHint)
        }
        var lastError = ""
        for _ in 0..<10 {
            let port = UInt16.random(in: 20000...60000)
            let dnsmasqArguments = arguments(
                domain: domain, instances: instances, ttl: ttl, port: port, extra: extraArguments)
            // Under coreutils' timeout, so a dnsmasq outlives a crashed test run by minutes,
            // not forever; timeout passes our SIGTERM on to it.
            let process = try SpawnedProcess(
                executable: watchdog,
                arguments: ["--kill-after=5", String(lifetimeSeconds), executable] + dnsmasqArguments)
            let server = Dnsmasq(port: port, process: process, domain: domain)
            if await server.waitUntilAnswering() { return server }
            lastError = process.log
            server.stop()
            // Most likely "Address already in use": another process has the port; try another.
        }
        throw Failure("dnsmasq did not start: \(lastError)")
    }

    /// Polls with SOA queries until dnsmasq answers (it is up within milliseconds).
    private func waitUntilAnswering() async -> Bool {
        let client = UnicastDNSClient(servers: [server], tryTimeout: .milliseconds(300), transmissions: 1)
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, process.isRunning {
            if (try? await client.query(try! DNSName(domain), type: .SOA)) != nil { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Ends dnsmasq by its PID and reaps it.
    func stop() { process.stop() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
