import Foundation
import Testing

@testable import ClawPairKit

/// The daemon's log: one line per event, values escaped, the file 0600 and rotated at its
/// bound; and the state directory watcher that wakes the daemon only for the registry.
@Suite struct DaemonLogTests {
    @Test func textLinesQuoteAndEscapeValues() {
        let line = DaemonLog.line(
            format: .text, timeMs: 0, event: "session", fields: [("route", "ws://a:1"), ("message", "two words \"q\"")],
            escape: { $0.replacingOccurrences(of: "\u{1B}", with: "\\x1b") })
        #expect(line == "1970-01-01T00:00:00Z session route=ws://a:1 message=\"two words \\\"q\\\"\"\n")
        let hostile = DaemonLog.line(format: .text, timeMs: 0, event: "e", fields: [("m", "\u{1B}[2J")], escape: { $0.replacingOccurrences(of: "\u{1B}", with: "\\x1b") })
        #expect(!hostile.contains("\u{1B}"))
        // A quote joined into one Character with a mark, and a backslash, are escaped all the same.
        let marked = DaemonLog.line(format: .text, timeMs: 0, event: "e", fields: [("m", "\"\u{301} x=1 \u{6DD}\"\\")], escape: { $0 })
        #expect(marked == "1970-01-01T00:00:00Z e m=\"\\\"\u{301} x=1 \u{6DD}\\\"\\\\\"\n")
        let json = DaemonLog.line(format: .json, timeMs: 0, event: "e", fields: [("k", "v")], escape: { $0 })
        #expect(json == "{\"time\":\"1970-01-01T00:00:00Z\",\"event\":\"e\",\"k\":\"v\"}\n")
    }

    @Test func theFileIs0600AndRotatesAtItsBound() throws {
        let directory = FixtureDirectory()
        let path = directory("daemon.log")
        let log = try DaemonLog(format: .text, path: path, maximumBytes: 1_000, escape: { $0 })
        for index in 0..<100 { log.event("line", fields: [("n", "\(index)")]) }
        let rotated = try String(contentsOfFile: path + ".1", encoding: .utf8)
        let current = try String(contentsOfFile: path, encoding: .utf8)
        #expect(rotated.utf8.count >= 1_000 && rotated.utf8.count < 1_100)
        #expect(current.utf8.count < 1_100)
        #expect(current.hasSuffix("n=99\n"))
        for file in [path, path + ".1"] {
            #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        }
    }

    @Test func theWatcherWakesForTheRegistryOnly() async throws {
        let directory = FixtureDirectory()
        let watcher = try DirectoryWatcher(path: directory.path, namePrefix: "registry.sqlite3", reactor: IOReactor())
        directory.write("daemon.log", "noise")
        #expect(try await watcher.nextChange(until: .now + .milliseconds(200)) == false)
        directory.write("registry.sqlite3-wal", "change")
        #expect(try await watcher.nextChange(until: .now + .seconds(10)) == true)
    }
}
