import Foundation

/// The Python interpreter the independent test peers (Fixtures/*.py on PyPI `websockets` and
/// Debian's python3-cryptography) run on.
///
/// `scripts/setup --tests` makes a virtual environment of the package's own, `.build/venv`
/// (Debian's python3 with its system packages, plus the pinned PyPI packages), and
/// `scripts/test` names its interpreter in `$CLAWPAIR_TEST_PYTHON`. Without the variable the
/// venv is found beside this file; only when there is no venv is `python3` taken from `PATH`.
/// A test never skips for a missing interpreter or package: its peer fails to start and the
/// test fails with ``installHint``.
public enum TestPython {
    /// The variable `scripts/test` sets to the venv's interpreter.
    public static let variable = "CLAWPAIR_TEST_PYTHON"

    /// `.build/venv/bin/python3` of this package.
    public static let venvInterpreter = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/venv/bin/python3").path

    /// What to do when the interpreter or its packages are missing.
    public static let installHint = "run scripts/setup --tests (as root), which makes .build/venv with the pinned websockets "
        + "on Debian's python3, python3-cryptography and python3-nacl; or set $\(variable) to a python3 that has them"

    /// The interpreter to run, or nil when there is none (or `$CLAWPAIR_TEST_PYTHON` names
    /// no executable file).
    public static var interpreter: String? {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment[variable], !named.isEmpty {
            return FileManager.default.isExecutableFile(atPath: named) ? named : nil
        }
        if FileManager.default.isExecutableFile(atPath: venvInterpreter) { return venvInterpreter }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    }
}
