import Foundation
import Testing

/// System calls live in one layer (style guide rule 5): only the files of
/// `Sources/ClawPairKit/System/` import the C library (Glibc, Musl, Darwin); every other
/// file uses their Swift API. ClawPairWire imports nothing at all.
@Suite struct SystemLayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources").path

    /// The folder whose files may import the C library, relative to `Sources/`.
    static let layer = "ClawPairKit/System/"

    /// The C library's modules on Linux (glibc, musl) and Apple systems.
    static let cLibraries: Set<String> = ["Glibc", "Musl", "Darwin"]

    /// Files (or folders, ending in `/`) outside the layer that may import the C library, each
    /// with its reason. Nothing else is added here.
    static let exceptions: [String: String] = [
        "clawpair/main.swift": "ends the process with exit(3): the executable itself, not library code",
    ]

    /// Every `.swift` file under `Sources/`, by its path relative to it.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
        var files: [(path: String, text: String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The modules a file imports: the first component of each `import` declaration,
    /// whatever attributes, access level or import kind come with it.
    static func importedModules(_ text: String) -> [String] {
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        var modules: [String] = []
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            guard let path = words.first, let module = path.split(separator: ".").first else { continue }
            modules.append(String(module))
        }
        return modules
    }

    static func isAllowed(_ path: String) -> Bool {
        path.hasPrefix(layer) || exceptions.keys.contains { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }
    }

    @Test(arguments: [
        ("internal import Glibc", ["Glibc"]),
        ("    internal import Glibc", ["Glibc"]),
        ("@_implementationOnly import Darwin.C", ["Darwin"]),
        ("public import struct Musl.stat", ["Musl"]),
        ("import Synchronization\nimport ClawPairKit", ["Synchronization", "ClawPairKit"]),
        ("// import Glibc", []),
        ("let importGlibc = true", []),
        ("/// `import Glibc` would be wrong here", []),
    ])
    func importDeclarationsAreRecognised(line: String, modules: [String]) {
        #expect(Self.importedModules(line) == modules)
    }

    @Test func onlyTheSystemLayerImportsTheCLibrary() throws {
        let files = try Self.sourceFiles()
        // The scan must see the layer's own imports, or finding no offender proves nothing.
        let layerImports = files.filter { $0.path.hasPrefix(Self.layer) }
            .filter { !Self.cLibraries.isDisjoint(with: Self.importedModules($0.text)) }
        #expect(layerImports.contains { $0.path == Self.layer + "Syscalls.swift" })
        for file in files where !Self.isAllowed(file.path) {
            let imported = Self.importedModules(file.text).filter(Self.cLibraries.contains)
            if !imported.isEmpty {
                Issue.record(
                    "Sources/\(file.path) imports \(imported.joined(separator: ", ")): call the C library through \(Self.layer) (Syscalls and its neighbours) instead"
                )
            }
        }
    }

    @Test func clawPairWireImportsNothing() throws {
        let wire = try Self.sourceFiles().filter { $0.path.hasPrefix("ClawPairWire/") }
        #expect(wire.count > 10)
        for file in wire {
            let imported = Self.importedModules(file.text)
            #expect(imported.isEmpty, "Sources/\(file.path) imports \(imported): ClawPairWire is pure Swift")
        }
    }
}
