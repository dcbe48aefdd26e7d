import Foundation
import Testing

/// Each C library is opened when a command first uses it (CClawShims/include/
/// CClawShimsLibrary.h), so a command pays start-up only for what it needs. LD_DEBUG=libs
/// makes the dynamic loader name every library it opens.
@Suite struct LibraryLoadingTests {
    static let lazyLibraries = [
        "libzbar.so.0", "libssl.so.3", "libcrypto.so.3", "libsqlite3.so.0", "libpng16.so.16", "libjpeg.so.62",
        "libqrencode.so.4", "libavahi-client.so.3", "libavahi-common.so.3", "libsodium.so.23",
    ]

    /// The lazily opened libraries the command loaded.
    static func loaded(by arguments: [String]) throws -> Set<String> {
        let result = try GatewaysProcess.run(arguments, environment: ["LD_DEBUG": "libs"])
        #expect(result.stderr.contains("libc.so"), "LD_DEBUG output missing: \(result.stderr.prefix(200))")
        return Set(lazyLibraries.filter { result.stderr.contains($0) })
    }

    @Test func versionAndDecodeLoadNone() throws {
        #expect(try Self.loaded(by: ["--version"]) == [])
        #expect(try Self.loaded(by: ["decode", "--now", "0", "ws://192.168.1.20:18789"]) == [])
    }

    @Test func eachCommandLoadsWhatItUses() throws {
        let home = try ExternalTool.TemporaryDirectory()
        #expect(try Self.loaded(by: ["gateways", "list", "--home", home.path("state")]) == ["libsqlite3.so.0"])

        // The grid reader reads the example picture itself: no libzbar (and its 16 libraries).
        let examples = LabHosts.packageRoot.appendingPathComponent("examples/setup-code.png").path
        #expect(try Self.loaded(by: ["scan", examples]) == ["libpng16.so.16"])
        // A picture it finds nothing in goes to zbar's retries (libzbar brings libjpeg); PNM
        // needs no library of its own.
        let blank = home.path("blank.pgm")
        try Data(Array("P5 64 64 255\n".utf8) + [UInt8](repeating: 255, count: 64 * 64)).write(to: URL(fileURLWithPath: blank))
        let retried = try Self.loaded(by: ["scan", blank])
        #expect(retried.contains("libzbar.so.0"))
        #expect(retried.isDisjoint(with: ["libssl.so.3", "libsqlite3.so.0", "libavahi-client.so.3", "libqrencode.so.4", "libpng16.so.16"]))

        let output = home.path("code.png")
        #expect(
            try Self.loaded(by: ["qr", "--format", "png", "--output", output, "ws://192.168.1.20:18789"])
                == ["libqrencode.so.4", "libpng16.so.16"])

        // Unicast DNS-SD is our own client: no Avahi (nor D-Bus behind it).
        let unicast = ["browse", "--backend", "unicast", "--domain", "example.invalid", "--dns", "127.0.0.1:9", "--timeout", "0.2"]
        #expect(try Self.loaded(by: unicast) == [])
    }
}

/// A library that cannot be opened stops only the command that needs it, with exit 7 and the
/// package to install. Hidden here by mounting /dev/null over it in a private mount namespace.
@Suite struct MissingLibraryTests {
    @Test func aMissingLibraryStopsOnlyTheCommandsThatUseIt() throws {
        let library = "/lib/x86_64-linux-gnu/libqrencode.so.4"
        let script = """
            mount --bind /dev/null "$1" || exit 99
            "$0" qr ws://192.168.1.20:18789; echo "qr=$?" >&2
            "$0" decode --now 0 ws://192.168.1.20:18789 >/dev/null; echo "decode=$?" >&2
            """
        // unshare -m makes the namespace's mounts private: the machine's library stays as it was.
        let process = try GatewaysProcess(["/usr/bin/unshare", "-m", "/bin/sh", "-c", script, LabHosts.clawpair, library])
        #expect(process.wait() == 0)
        let stderr = process.stderr
        #expect(stderr.contains("qr=7"), "\(stderr)")
        #expect(stderr.contains("cannot load libqrencode.so.4"))
        #expect(stderr.contains("apt-get install libqrencode4"))
        #expect(stderr.contains("decode=0"))
    }
}
