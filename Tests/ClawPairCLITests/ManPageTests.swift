import Foundation
import Testing
@testable import ClawPairCLI

/// The man page is linted by the real mandoc and must document every option the parser
/// accepts, so help and manual cannot drift apart.
@Suite struct ManPageTests {
    static let manPage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("man/clawpair.1")

    /// The real mandoc run over the page with `arguments`: its exit status and output (both
    /// streams); nil, with an issue recorded, when mandoc is not installed.
    static func mandoc(_ arguments: [String]) throws -> (status: Int32, output: String)? {
        guard let mandoc = ["/usr/bin/mandoc", "/usr/local/bin/mandoc"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            Issue.record("mandoc is not installed: apt-get install mandoc")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mandoc)
        process.arguments = arguments + [manPage.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func lintsCleanWithMandoc() throws {
        guard let (status, output) = try Self.mandoc(["-Tlint", "-W", "warning"]) else { return }
        #expect(status == 0, "\(output)")
        #expect(output.isEmpty, "\(output)")
    }

    /// Quoting macros nested in a parenthesis with the commas inside them render as
    /// ('setup-code, 'deep-link, 'url''): every quote the rendered page opens is closed
    /// before the next one opens.
    @Test func quotesAreNotNestedInTheRenderedPage() throws {
        guard let (_, rendered) = try Self.mandoc(["-T", "utf8"]) else { return }
        var depth = 0
        for (number, line) in rendered.split(separator: "\n").enumerated() {
            for character in line {
                if character == "\u{2018}" { depth += 1 }
                if character == "\u{2019}" { depth -= 1 }
                #expect(depth <= 1, "nested quotes on rendered line \(number + 1): \(line)")
                if depth > 1 { return }
            }
            depth = 0
        }
    }

    @Test func documentsEveryCommandAndOption() throws {
        let text = try String(contentsOf: Self.manPage, encoding: .utf8)
        for command in CLI.commands {
            #expect(text.contains(".Cm \(command.name)\n"), "man page lacks command \(command.name)")
            for subcommand in command.subcommands {
                #expect(text.contains("Cm \(subcommand.name) "), "man page lacks \(subcommand.path)")
            }
            for spec in [command] + command.subcommands {
                for option in spec.allOptions {
                    #expect(text.contains("Fl -\(option.name)"), "man page lacks --\(option.name) of \(spec.path)")
                }
            }
        }
        let global = try #require(text.range(of: ".Sh GLOBAL OPTIONS\n")).upperBound
        let globalSection = text[global..<(try #require(text.range(of: ".Sh COMMANDS\n")).lowerBound)]
        for option in OptionSpec.global {
            #expect(globalSection.contains("Fl -\(option.name)") || globalSection.contains(", -\(option.name)"), "GLOBAL OPTIONS lacks --\(option.name)")
        }
        for status in 0...8 {
            #expect(text.contains(".It \(status)\n"), "man page lacks exit status \(status)")
        }
    }
}
