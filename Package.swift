// swift-tools-version:6.0
import PackageDescription

// Each C library lives behind its own systemLibrary target (module map + pkg-config +
// the Debian package that provides it). Only ClawPairKit imports them, always `internal`.
let package = Package(
    name: "clawpair",
    products: [
        .library(name: "ClawPairKit", targets: ["ClawPairKit"]),
        .executable(name: "clawpair", targets: ["clawpair"]),
    ],
    targets: [
        // Headers only: no pkgConfig and no `link` in the module maps, so nothing is linked.
        // CClawShims defines every function clawpair calls and opens the library with dlopen
        // on the first call (CClawShims/LazyLibrary.h), so a command loads only what it uses:
        // `--version` and `decode` load none of them, `browse` only Avahi's.
        .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZBar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Avahi's header is included by its path (its .pc would add -D_REENTRANT, which
        // SwiftPM rejects).
        .systemLibrary(name: "CAvahiDNSSD", providers: [.apt(["libavahi-compat-libdnssd-dev"])]),
        // C where Swift cannot reach: libjpeg's error handler must longjmp; OpenSSL macros;
        // the lazily loaded libraries' functions.
        .target(
            name: "CClawShims",
            dependencies: ["COpenSSL", "CQREncode", "CPNG", "CJPEG", "CSQLite", "CAvahiDNSSD"]
        ),

        // Pure Swift parsers and encoders: no C, no sockets.
        .target(name: "ClawPairWire"),
        // All I/O and C interop.
        .target(
            name: "ClawPairKit",
            dependencies: ["ClawPairWire", "COpenSSL", "CZBar", "CQREncode", "CPNG", "CJPEG", "CClawShims", "CAvahiDNSSD", "CSQLite"]
        ),
        // Argument parsing, rendering, exit codes.
        .target(name: "ClawPairCLI", dependencies: ["ClawPairKit"]),
        .executableTarget(name: "clawpair", dependencies: ["ClawPairCLI"]),

        // What more than one test target needs: a seeded generator, clean spawn attributes.
        .target(name: "ClawPairTestSupport", path: "Tests/ClawPairTestSupport"),
        .testTarget(name: "ClawPairWireTests", dependencies: ["ClawPairWire", "ClawPairTestSupport"]),
        .testTarget(name: "ClawPairKitTests", dependencies: ["ClawPairKit", "ClawPairTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ClawPairCLITests", dependencies: ["ClawPairCLI", "ClawPairTestSupport"]),
        // `clawpair` with a test seam the shipped binary lacks: it can pause inside a registry
        // transaction, for the kill -9 tests (built beside clawpair by `swift build`).
        .executableTarget(name: "clawpair-test-pause", dependencies: ["ClawPairCLI", "ClawPairKit"], path: "Tests/ClawPairTestPause"),
    ]
)
