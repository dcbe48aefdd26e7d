import Foundation
import Testing

/// The independent command-line tools the QR tests check our output against, and the
/// Debian package each comes from. A missing tool fails the test (it never skips), and the
/// failure names the package to install.
enum QRTestTool: String {
    case zbarimg
    case qrencode
    case convert
    case rsvgConvert = "rsvg-convert"

    var debianPackage: String {
        switch self {
        case .zbarimg: "zbar-tools"
        case .qrencode: "qrencode"
        case .convert: "imagemagick"
        case .rsvgConvert: "librsvg2-bin"
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let status: Int32
        let stdout: [UInt8]
        let stderr: String
    }

    /// Runs the tool with `arguments` and returns its output; fails if it is missing or
    /// exits non-zero.
    @discardableResult
    func run(_ arguments: [String], in directory: URL) throws -> Output {
        guard let executable = Self.lookUp(rawValue) else {
            throw Failure(
                description: "\(rawValue) is not installed: apt-get install \(debianPackage)")
        }
        // Output goes to files, not pipes, so a chatty tool can't fill a pipe and block.
        let id = UUID().uuidString
        let stdoutURL = directory.appendingPathComponent("\(rawValue)-\(id).out")
        let stderrURL = directory.appendingPathComponent("\(rawValue)-\(id).err")
        guard FileManager.default.createFile(atPath: stdoutURL.path, contents: nil),
            FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        else {
            throw Failure(description: "cannot create output files in \(directory.path)")
        }
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()
        process.waitUntilExit()
        try stdoutHandle.close()
        try stderrHandle.close()

        let output = Output(
            status: process.terminationStatus,
            stdout: Array(try Data(contentsOf: stdoutURL)),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
        )
        guard output.status == 0 else {
            throw Failure(
                description: "\(rawValue) \(arguments.joined(separator: " ")) exited \(output.status): \(output.stderr)")
        }
        return output
    }

    private static func lookUp(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

extension QRTestTool {
    /// A fresh directory under the system temporary directory, removed by `body`'s end.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("clawpair-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// What `zbarimg` reads from the image at `url`, as raw bytes.
    ///
    /// `-Sbinary` (zbar ≥ 0.23) returns the symbol's bytes without charset guessing or a
    /// trailing newline, so the comparison is exact; `--nodbus` keeps it quiet in containers.
    static func zbarimgBytes(_ url: URL, in directory: URL) throws -> [UInt8] {
        try Self.zbarimg.run(["--nodbus", "-q", "--raw", "-Sbinary", url.path], in: directory).stdout
    }

    /// An image's pixels as 8-bit grey, read by ImageMagick.
    struct GrayImage {
        let width: Int
        let height: Int
        let pixels: [UInt8]

        init(reading url: URL, in directory: URL) throws {
            let size = try QRTestTool.convert.run([url.path, "-format", "%w %h", "info:"], in: directory)
            let numbers = String(decoding: size.stdout, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 2 else {
                throw QRTestTool.Failure(description: "convert could not size \(url.lastPathComponent)")
            }
            (width, height) = (numbers[0], numbers[1])
            pixels = try QRTestTool.convert.run([url.path, "-depth", "8", "gray:-"], in: directory).stdout
            guard pixels.count == width * height else {
                throw QRTestTool.Failure(description: "convert gave \(pixels.count) bytes for \(width)×\(height)")
            }
        }

        /// Whether the pixel is dark (below mid-grey).
        func isDark(x: Int, y: Int) -> Bool { pixels[y * width + x] < 128 }
    }
}

/// Texts every QR test runs over: ASCII, non-ASCII UTF-8, and a real-sized setup code.
enum QREncodeSamples {
    static let ascii = "hello, clawpair"
    static let unicode = "Grüße aus Zürich, 東京 🦞 — ça marche"
    /// Base64url (no padding) of a setup-code JSON object with two routes, 239 characters.
    static let setupCode =
        "eyJ1cmwiOiJ3c3M6Ly9nYXRld2F5LmV4YW1wbGUudHMubmV0IiwidXJscyI6WyJ3c3M6Ly9nYXRld2F5LmV4YW1w"
        + "bGUudHMubmV0Iiwid3M6Ly8xOTIuMTY4LjEuMjA6MTg3ODkiXSwiYm9vdHN0cmFwVG9rZW4iOiJidF85ZlEyeExy"
        + "N1R6S3A0bVdjOFZuWTNzSGQiLCJleHBpcmVzQXRNcyI6MTc2NzIyNTYwMDAwMH0"
    static let all = [ascii, unicode, setupCode]
}
