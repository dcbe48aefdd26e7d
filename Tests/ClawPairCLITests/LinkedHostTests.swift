import Foundation
import Testing

/// Tests/ClawPairLinkedHost: a program that links the system's OpenSSL and SQLite itself and
/// also uses ClawPairKit. Its own calls must reach its own libraries, and ClawPairKit must
/// report a missing library as an error it can handle, never end the process.
@Suite struct LinkedHostTests {
    static var host: String {
        URL(fileURLWithPath: LabHosts.clawpair).deletingLastPathComponent().appendingPathComponent("ClawPairLinkedHost").path
    }

    @Test func theHostsOwnCallsBindToItsOwnLibraries() throws {
        let table = try SymbolTable(of: Self.host)
        #expect(table.definitions["SSL_read"] == nil && table.definitions["sqlite3_step"] == nil)
        #expect(table.definitions["clawpair_SSL_read"] == "T" && table.definitions["clawpair_sqlite3_step"] == "T")
        #expect(["SSL_read", "sqlite3_step", "SSL_CTX_new", "sqlite3_open_v2"].filter { !table.dynamicReferences.contains($0) } == [])
        #expect(ForwarderSymbolTests.unprefixedLibraryFunctions(table) == [])

        let process = try GatewaysProcess([Self.host, "symbols"])
        #expect(process.wait() == 0, "\(process.stderr)")
        let lines = Dictionary(
            process.stdout.split(separator: "\n").map { line in
                let fields = line.split(separator: " ", maxSplits: 1)
                return (String(fields[0]), fields.count > 1 ? String(fields[1]) : "")
            }, uniquingKeysWith: { first, _ in first })
        // Where the addresses the host's references resolved to are mapped at run time.
        let executable = URL(fileURLWithPath: Self.host).resolvingSymlinksInPath().path
        #expect(lines["SSL_read"]?.contains("/libssl.so.3") == true, "\(process.stdout)")
        #expect(lines["sqlite3_step"]?.contains("/libsqlite3.so.0") == true, "\(process.stdout)")
        #expect(lines["clawpair_SSL_read"] == executable, "\(process.stdout)")
        #expect(lines["clawpair_sqlite3_step"] == executable, "\(process.stdout)")
        // Both work side by side: the host's SQLite and OpenSSL, and ClawPairKit's.
        #expect(process.stdout.contains("own sqlite3_step 42\n"))
        #expect(process.stdout.contains("own SSL_CTX_new ok\n"))
        #expect(process.stdout.contains("clawpair registry focus none\n"))
        #expect(process.stdout.contains("clawpair ed25519 verified true\n"))
    }

    /// Hidden by mounting /dev/null over them in a private mount namespace (as
    /// MissingLibraryTests does): the host's calls into ClawPairKit throw, and it goes on.
    @Test func aHiddenLibraryIsAThrownErrorAndTheHostGoesOn() throws {
        let script = """
            mount --bind /dev/null /lib/x86_64-linux-gnu/libqrencode.so.4 || exit 99
            mount --bind /dev/null /lib/x86_64-linux-gnu/libzbar.so.0 || exit 99
            exec "$0" hidden
            """
        let process = try GatewaysProcess(["/usr/bin/unshare", "-m", "/bin/sh", "-c", script, Self.host])
        #expect(process.wait() == 0, "\(process.stderr)")
        let lines = process.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(process.stdout)")
        #expect(lines.first?.hasPrefix("qrencode LIBRARY_UNAVAILABLE environment | cannot load libqrencode.so.4 (") == true)
        #expect(lines.first?.hasSuffix("| install it: apt-get install libqrencode4") == true)
        #expect(lines.dropFirst().first?.hasPrefix("zbar ZBAR_UNAVAILABLE environment | cannot load libzbar.so.0 (") == true)
        #expect(lines.dropFirst().first?.hasSuffix("| install it: apt-get install libzbar0") == true)
        #expect(lines.last == "still running")
        #expect(process.stderr == "")
    }
}
