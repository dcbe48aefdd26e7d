import Foundation

/// Runs a real tool (qrencode, ImageMagick, zbarimg) for CLI tests, failing with the Debian
/// package to install when it is missing: tests never skip, CI installs them.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let packages = ["qrencode": "qrencode", "convert": "imagemagick", "zbarimg": "zbar-tools", "zsh": "zsh", "fish": "fish"]

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws -> (
        status: Int32, stdout: String
    ) {
        guard let path = ["/usr/bin/", "/usr/local/bin/"].map({ $0 + tool }).first(where: FileManager.default.isExecutableFile)
        else { throw Failure(description: "\(tool) is not installed: apt-get install \(packages[tool] ?? tool)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["MAGICK_THREAD_LIMIT"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = directory.appendingPathComponent("\(tool)-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    /// A fresh temporary directory, removed when the returned value is deinitialised.
    final class TemporaryDirectory {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("clawpair-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        deinit { try? FileManager.default.removeItem(at: url) }
    }
}
