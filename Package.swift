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
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // Headers only, no pkgConfig (it would add -lzbar): libzbar is opened with dlopen on
        // the first scan, so the other commands start without loading it (QR/ZBarLibrary.swift).
        .systemLibrary(name: "CZBar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // No pkgConfig: Avahi's .pc adds -D_REENTRANT, which SwiftPM rejects; shim.h includes
        // the header by its path instead.
        .systemLibrary(name: "CAvahiDNSSD", providers: [.apt(["libavahi-compat-libdnssd-dev"])]),
        // C where Swift cannot reach: libjpeg's error handler must longjmp; OpenSSL macros.
        .target(name: "CClawShims", dependencies: ["CJPEG"]),

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

        .testTarget(name: "ClawPairWireTests", dependencies: ["ClawPairWire"]),
        .testTarget(name: "ClawPairKitTests", dependencies: ["ClawPairKit"], exclude: ["Fixtures"]),
        .testTarget(name: "ClawPairCLITests", dependencies: ["ClawPairCLI"]),
    ]
)
