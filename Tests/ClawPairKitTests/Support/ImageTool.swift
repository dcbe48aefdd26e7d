import Foundation
import Testing

/// The real command-line tools the image and scanner tests make their fixtures with, and the
/// Debian package each comes from. A missing tool fails the test with the package to
/// install; it never skips, because CI installs them.
enum ImageTool: String {
    case qrencode
    case convert
    case zbarimg

    var debianPackage: String {
        switch self {
        case .qrencode: "qrencode"
        case .convert: "imagemagick"
        case .zbarimg: "zbar-tools"
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the tool in `directory` and returns its exit status and standard output.
    ///
    /// Output goes to files rather than pipes, so a chatty tool can't block on a full pipe.
    /// Throws when the tool is missing, or when it exits non-zero and `check` is true.
    @discardableResult
    func run(_ arguments: [String], in directory: URL, check: Bool = true) throws -> (status: Int32, output: [UInt8]) {
        guard let executable = Self.find(rawValue) else {
            throw Failure(description: "\(rawValue) is not installed; run: apt-get install \(debianPackage)")
        }
        let name = "\(rawValue)-\(UUID().uuidString)"
        let outURL = directory.appendingPathComponent("\(name).out")
        let errURL = directory.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // One ImageMagick thread: seeded noise and plasma are then the same on every machine,
        // whatever its core count.
        var environment = ProcessInfo.processInfo.environment
        environment["MAGICK_THREAD_LIMIT"] = "1"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()

        let status = process.terminationStatus
        let output = Array(try Data(contentsOf: outURL))
        if check, status != 0 {
            let message = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
            throw Failure(description: "\(rawValue) \(arguments.joined(separator: " ")) exited \(status): \(message)")
        }
        return (status, output)
    }

    private static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// A temporary directory for one test, with helpers that make fixture images in it.
final class Fixtures {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("clawpair-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    /// Encodes `text` with `qrencode` into the PNG `name`: `moduleSize` pixels per module and
    /// a quiet zone of `margin` modules. The text goes through a file (`-r`) so it reaches
    /// qrencode byte for byte, even when it starts with `-`.
    @discardableResult
    func qrencode(_ text: String, to name: String, moduleSize: Int = 4, margin: Int = 4) throws -> String {
        let input = "\(name).payload"
        try write(Array(text.utf8), to: input)
        try ImageTool.qrencode.run(
            ["-r", path(input), "-o", path(name), "-s", "\(moduleSize)", "-m", "\(margin)"],
            in: directory
        )
        return name
    }

    /// Runs ImageMagick's `convert` with `arguments`, which name files relative to the
    /// fixture directory; the last argument is the output.
    @discardableResult
    func convert(_ arguments: String...) throws -> String {
        try ImageTool.convert.run(arguments, in: directory)
        return arguments.last ?? ""
    }

    /// What plain `zbarimg` reads from `name`: the raw bytes of each QR code, or nil when it
    /// finds none. `-Sbinary` keeps the bytes exact; `--nodbus` keeps it quiet in containers.
    func zbarimg(_ name: String) throws -> [UInt8]? {
        let result = try ImageTool.zbarimg.run(
            ["--nodbus", "-q", "--raw", "-Sbinary", path(name)], in: directory, check: false
        )
        // zbarimg exits 4 when it finds nothing, other non-zero codes on real errors.
        switch result.status {
        case 0: return result.output
        case 4: return nil
        default: throw ImageTool.Failure(description: "zbarimg failed on \(name) with status \(result.status)")
        }
    }
}
