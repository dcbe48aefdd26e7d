import Foundation
import Testing

/// `ClawPairError.Code` compares by its text, so two constants spelled alike (in different
/// files, for different failures) would silently be one code to scripts and to `catch`.
@Suite struct ErrorCodeUniquenessTests {
    @Test func everyErrorCodeIsDefinedOnce() throws {
        let sources = LabHosts.packageRoot.appendingPathComponent("Sources")
        let definition = /static let \w+ = Self\(\s*"([A-Z0-9_]+)",\s*\./
        var definedIn: [String: [String]] = [:]
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: definition) { definedIn[String(match.1), default: []].append(file) }
        }
        #expect(definedIn.count > 50, "the pattern no longer finds the error codes")
        let repeated = definedIn.filter { $0.value.count > 1 }
        #expect(repeated.isEmpty, "defined more than once: \(repeated)")
    }

    /// A layer's family codes (`ErrorCode<Family>`) compare by text too: within one family
    /// (across every extension that adds to it, Wire's and Kit's) each is spelled once.
    @Test func everyFamilyCodeIsDefinedOnceInItsFamily() throws {
        let sources = LabHosts.packageRoot.appendingPathComponent("Sources")
        // Up to the extension's closing brace, the first `}` at the start of a line.
        let family = /extension ErrorCode where Family == (\w+) \{(.*?)\n\}/.dotMatchesNewlines()
        let definition = /static let \w+ = Self\("(\w+)"\)/
        var definedIn: [String: [String]] = [:]
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for block in text.matches(of: family) {
                for match in block.2.matches(of: definition) {
                    definedIn["\(block.1).\(match.1)", default: []].append(file)
                }
            }
        }
        #expect(definedIn.count > 50, "the pattern no longer finds the family codes")
        let repeated = definedIn.filter { $0.value.count > 1 }
        #expect(repeated.isEmpty, "defined more than once: \(repeated)")
    }
}
