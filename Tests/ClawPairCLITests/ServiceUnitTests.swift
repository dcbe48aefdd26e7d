import Foundation
import Testing

/// `examples/clawpair.service`, the systemd user unit for the daemon (spec/registry.md
/// "Service"): `systemd-analyze verify` accepts it without a warning, and it keeps what
/// OpenClaw's own node host unit does.
@Suite struct ServiceUnitTests {
    static let unit = LabHosts.packageRoot.appendingPathComponent("examples/clawpair.service").path
    static let analyzer = "/usr/bin/systemd-analyze"

    /// `systemd-analyze verify` of `text` saved as clawpair.service: exit status and output.
    static func verify(_ text: String) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: analyzer) else {
            throw GatewaysProcess.Failure(description: "systemd-analyze is missing: apt-get install systemd")
        }
        let directory = try ExternalTool.TemporaryDirectory()
        let path = directory.path("clawpair.service")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let process = try GatewaysProcess([analyzer, "verify", "--man=no", path])
        let status = process.wait()
        return (status, process.stdout + process.stderr)
    }

    /// The unit with ExecStart pointing at the binary just built (verify checks that the
    /// command exists).
    static func builtUnit() throws -> String {
        try String(contentsOfFile: unit, encoding: .utf8).replacingOccurrences(of: "/usr/local/bin/clawpair", with: LabHosts.clawpair)
    }

    @Test func systemdAnalyzeVerifiesItWithoutAWord() throws {
        let verified = try Self.verify(try Self.builtUnit())
        #expect(verified.status == 0, "\(verified.output)")
        #expect(verified.output.isEmpty, "\(verified.output)")
        // The check can fail: a misspelt key is reported.
        let broken = try Self.verify(try Self.builtUnit().replacingOccurrences(of: "RestartSec=5", with: "RestartSecs=5"))
        #expect(broken.output.contains("RestartSecs"), "\(broken.output)")
    }

    @Test func itRestartsLikeOpenClawsNodeHostAndRunsTheDaemonInTheForeground() throws {
        let lines = Set(try String(contentsOfFile: Self.unit, encoding: .utf8).split(separator: "\n").map(String.init))
        for line in [
            "ExecStart=/usr/local/bin/clawpair daemon --foreground", "Restart=always", "RestartSec=5", "StartLimitBurst=10",
            "StartLimitIntervalSec=300", "KillMode=mixed", "WantedBy=default.target", "RestartPreventExitStatus=2 7 8 78",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
    }
}
