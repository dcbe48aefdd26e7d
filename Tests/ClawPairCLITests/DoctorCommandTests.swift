import Testing
import ClawPairKit
@testable import ClawPairCLI

@Suite struct DoctorCommandTests {
    @Test func jsonListsEveryCheckAndExitMatchesTheVerdict() async throws {
        let result = await runCLI(["doctor", "--json"])
        let json = try JSONParser.parse(result.stdout)
        guard case .array(let checks)? = json["checks"], case .bool(let ok)? = json["ok"] else {
            Issue.record("unexpected JSON: \(result.stdout)")
            return
        }
        #expect(checks.compactMap { $0["id"]?.stringValue } == MachineCheck.ID.all.map(\.rawValue))
        for check in checks {
            #expect(["ok", "warn", "fail", "skipped"].contains(check["status"]?.stringValue ?? ""))
            if check["status"] == "fail" { #expect(check["remedy"]?.stringValue?.isEmpty == false) }
        }
        #expect(result.status == (ok ? 0 : 7))
    }

    @Test func humanOutputHasOneLinePerCheck() async {
        let result = await runCLI(["doctor"])
        let statusLines = result.stdout.split(separator: "\n").filter { line in
            ["ok ", "warn", "fail", "skip"].contains { line.hasPrefix($0) }
        }
        #expect(statusLines.count == MachineCheck.ID.all.count)
    }
}
