import Foundation

/// What `nm` reports about a binary's symbols, for the tests that check which library
/// functions a binary defines and which it leaves to the dynamic loader.
struct SymbolTable {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Global definitions: name → nm's type letter (`T` for code, `W` weak, `D` data, …).
    let definitions: [String: Character]
    /// Undefined dynamic references, bound to a shared library at load time.
    let dynamicReferences: Set<String>

    init(of binary: String) throws {
        let defined = try Self.nm(["--defined-only", "--extern-only", binary])
        var definitions: [String: Character] = [:]
        for line in defined.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let type = fields[1].first else { continue }
            definitions[String(fields[2])] = type
        }
        self.definitions = definitions
        let undefined = try Self.nm(["--dynamic", "--undefined-only", binary])
        // `SSL_read@OPENSSL_3.0.0`: the symbol version is not part of the name.
        dynamicReferences = Set(
            undefined.split(separator: "\n").compactMap { line in
                line.split(separator: " ").last.flatMap { $0.split(separator: "@").first }.map(String.init)
            })
    }

    /// Defined global functions (text, weak or not).
    var functions: [String] {
        definitions.filter { "TW".contains($0.value) }.map(\.key).sorted()
    }

    /// The functions the CClawShims/include/Lazy*.h lists forward (the `F(ret, name, …)` and
    /// `V(name, …)` lines), read from the headers.
    static func forwardedFunctions() throws -> [String] {
        let include = LabHosts.packageRoot.appendingPathComponent("Sources/CClawShims/include")
        let entry = /^\s*(?:F\([^,]+,\s*(\w+),|V\((\w+),)/
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: include.path) where file.hasPrefix("Lazy") {
            let text = try String(contentsOf: include.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = line.firstMatch(of: entry), let name = match.1 ?? match.2 { names.append(String(name)) }
            }
        }
        return names.sorted()
    }

    private static func nm(_ arguments: [String]) throws -> String {
        let path = "/usr/bin/nm"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "nm is not installed: apt-get install binutils")
        }
        let process = try GatewaysProcess([path] + arguments)
        guard process.wait() == 0 else { throw Failure(description: "nm \(arguments): \(process.stderr)") }
        return process.stdout
    }
}
