// swift-tools-version:6.0
import PackageDescription

// Each C library lives behind its own systemLibrary target (module map + pkg-config +
// the Debian package that provides it). Only ClawPairKit and ClawPairSim (its TLS server and
// mDNS advertisement) import them, always `internal`.
let package = Package(
    name: "clawpair",
    products: [
        .library(name: "ClawPairKit", targets: ["ClawPairKit"]),
        // A gateway for other clients' tests (as swift-nio's NIOTestUtils): not in ClawPairKit.
        .library(name: "ClawPairSim", targets: ["ClawPairSim"]),
        .executable(name: "clawpair", targets: ["clawpair"]),
    ],
    targets: [
        // Headers only: no pkgConfig and no `link` in the module maps, so nothing is linked.
        // CClawShims defines a clawpair_<name> forwarder for every function clawpair calls and
        // opens its library with dlopen when a command first needs it
        // (CClawShims/include/CClawShimsLibrary.h), so a command loads only what it uses:
        // `--version` and `decode` load none of them, `browse` only Avahi's.
        .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZBar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Avahi's header is included by its path (its .pc would add -D_REENTRANT, which
        // SwiftPM rejects).
        .systemLibrary(name: "CAvahiClient", providers: [.apt(["libavahi-client-dev"])]),
        // C where Swift cannot reach: libjpeg's error handler must longjmp; OpenSSL macros;
        // the lazily loaded libraries' functions, as clawpair_<name>.
        .target(
            name: "CClawShims",
            dependencies: ["COpenSSL", "CZBar", "CQREncode", "CPNG", "CJPEG", "CSQLite", "CAvahiClient"]
        ),

        // Pure Swift parsers and encoders: no C, no sockets.
        .target(name: "ClawPairWire"),
        // All I/O and C interop.
        .target(
            name: "ClawPairKit",
            dependencies: ["ClawPairWire", "COpenSSL", "CZBar", "CQREncode", "CPNG", "CJPEG", "CClawShims", "CAvahiClient", "CSQLite"]
        ),
        // The simulated gateway and the server-side code only it needs (TLS server context
        // and certificate, HTTP request reader, WebSocket server, TCP listener; in Wire/ the
        // pure request-head parser, server handshake and zone writer): a peer for tests.
        .target(name: "ClawPairSim", dependencies: ["ClawPairKit", "ClawPairWire", "COpenSSL", "CAvahiClient", "CClawShims"]),
        // Argument parsing, rendering, exit codes.
        .target(name: "ClawPairCLI", dependencies: ["ClawPairKit", "ClawPairSim"]),
        .executableTarget(
            name: "clawpair", dependencies: ["ClawPairCLI"],
            // The Swift driver exports every symbol of an executable (-export-dynamic): 10 000
            // here, which the runtime's start-up dladdr walks one by one (about 0.4 ms of every
            // start). Nothing looks clawpair's own symbols up at run time.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),

        // What more than one test target needs: a seeded generator, clean spawn attributes.
        .target(name: "ClawPairTestSupport", path: "Tests/ClawPairTestSupport"),
        // A program that links its own OpenSSL and SQLite and also ClawPairKit: its SSL_read and
        // sqlite3_step must stay its own (ClawPairCLITests/LinkedHostTests).
        .executableTarget(
            name: "ClawPairLinkedHost",
            dependencies: ["ClawPairKit", "CClawShims", "COpenSSL", "CSQLite"],
            path: "Tests/ClawPairLinkedHost",
            linkerSettings: [.linkedLibrary("ssl"), .linkedLibrary("crypto"), .linkedLibrary("sqlite3")]
        ),
        .testTarget(name: "ClawPairWireTests", dependencies: ["ClawPairWire", "ClawPairTestSupport"]),
        .testTarget(name: "ClawPairKitTests", dependencies: ["ClawPairKit", "ClawPairSim", "ClawPairTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ClawPairSimTests", dependencies: ["ClawPairSim", "ClawPairTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ClawPairCLITests", dependencies: ["ClawPairCLI", "ClawPairSim", "ClawPairTestSupport"]),
        // `clawpair` with a test seam the shipped binary lacks: it can pause inside a registry
        // transaction, for the kill -9 tests (built beside clawpair by `swift build`).
        .executableTarget(name: "clawpair-test-pause", dependencies: ["ClawPairCLI", "ClawPairKit"], path: "Tests/ClawPairTestPause"),
    ]
)
