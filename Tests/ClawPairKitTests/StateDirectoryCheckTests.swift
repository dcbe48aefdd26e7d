import Glibc
import Testing
@testable import ClawPairKit

@Suite struct StateDirectoryCheckTests {
    static func check(_ fixture: FixtureDirectory, home: String, userID: UInt32 = UInt32(geteuid())) -> MachineCheck {
        var inputs = fixture.machineInputs()
        inputs.homeOption = home
        inputs.userID = userID
        return StateDirectoryCheck.run(inputs)
    }

    @Test func okForOwnerOnlyDirectoryAndFiles() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o700)
        fixture.write("state/registry.sqlite", "", mode: 0o600)
        fixture.write("state/device.key", "", mode: 0o400)
        fixture.makeDirectory("state/sessions", mode: 0o700)
        fixture.write("state/sessions/a.json", "{}", mode: 0o600)
        let check = Self.check(fixture, home: fixture("state"))
        #expect(check.status == .ok)
        #expect(check.detail == "\(fixture("state")) (from --home): mode 0700, owned by this user, 3 files, all 0600 or stricter")
        #expect(check.remedy == nil)
    }

    @Test func warnsWithChmodFor0755() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o755)
        let check = Self.check(fixture, home: fixture("state"))
        #expect(check.status == .warn)
        #expect(check.detail.contains("mode 0755 instead of 0700"))
        #expect(check.remedy == "chmod 700 \(fixture("state"))")
    }

    @Test func warnsWithChmodForA0644File() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o700)
        let file = fixture.write("state/registry.sqlite", "", mode: 0o644)
        let check = Self.check(fixture, home: fixture("state"))
        #expect(check.status == .warn)
        #expect(check.detail.contains("1 file not 0600: \(file) (0644)"))
        #expect(check.remedy == "chmod 600 \(file)")
    }

    @Test func combinesRemediesAndQuotesPaths() {
        let fixture = FixtureDirectory()
        let file = fixture.write("my state/it's.json", "", mode: 0o666)
        fixture.makeDirectory("my state/sub", mode: 0o755)
        fixture.makeDirectory("my state", mode: 0o775)
        let check = Self.check(fixture, home: fixture("my state"))
        #expect(check.status == .warn)
        #expect(check.remedy == "chmod 700 '\(fixture("my state"))' && chmod 600 '\(file.replacing("'", with: "'\\''"))' && chmod 700 '\(fixture("my state/sub"))'")
    }

    /// Past a handful of loose files, one find command instead of a long list.
    @Test func manyLooseFilesGetAFindCommand() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o700)
        for index in 0..<8 { fixture.write("state/f\(index)", "", mode: 0o640) }
        let check = Self.check(fixture, home: fixture("state"))
        #expect(check.status == .warn)
        #expect(check.detail.contains("8 files not 0600"))
        #expect(check.detail.contains("and 3 more"))
        #expect(check.remedy == "find \(fixture("state")) -type f -exec chmod 600 {} +")
    }

    @Test func warnsWhenOwnedBySomeoneElse() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o700)
        let other = UInt32(geteuid()) &+ 4242
        let check = Self.check(fixture, home: fixture("state"), userID: other)
        #expect(check.status == .warn)
        #expect(check.detail.contains("owned by uid \(geteuid()), not by this user (uid \(other))"))
        #expect(check.remedy == "sudo chown -R \(other) \(fixture("state"))")
    }

    /// Read-only: a missing directory is reported, not created.
    @Test func missingButCreatableIsOkAndNotCreated() {
        let fixture = FixtureDirectory()
        let check = Self.check(fixture, home: fixture("not/yet/state"))
        #expect(check.status == .ok)
        #expect(check.detail.hasSuffix("does not exist yet; it will be created on first use (mode 0700)"))
        #expect(fixture.mode("not") == nil)
    }

    @Test func missingUnderAFileFails() {
        let fixture = FixtureDirectory()
        fixture.write("blocker", "x")
        let check = Self.check(fixture, home: fixture("blocker/state"))
        #expect(check.status == .fail)
        #expect(check.detail.contains("cannot be created"))
        #expect(check.remedy?.hasPrefix("mkdir -p -m 700 \(fixture("blocker/state"))") == true)
    }

    @Test func aFileInsteadOfADirectoryFails() {
        let fixture = FixtureDirectory()
        fixture.write("state", "x")
        let check = Self.check(fixture, home: fixture("state"))
        #expect(check.status == .fail)
        #expect(check.detail.hasSuffix("is not a directory"))
    }

    @Test func unresolvableFails() {
        let fixture = FixtureDirectory()
        let check = StateDirectoryCheck.run(fixture.machineInputs(environment: [:]))
        #expect(check.status == .fail)
        #expect(check.detail == "no state directory: HOME is not set")
        #expect(check.remedy == "set HOME or CLAWPAIR_HOME, or pass --home DIR")
    }

    /// The environment rules reach the check: CLAWPAIR_HOME names the directory.
    @Test func followsClawpairHome() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("env-state", mode: 0o700)
        let check = StateDirectoryCheck.run(fixture.machineInputs(environment: ["CLAWPAIR_HOME": fixture("env-state")]))
        #expect(check.status == .ok)
        #expect(check.detail.hasPrefix("\(fixture("env-state")) (from CLAWPAIR_HOME): mode 0700"))
    }

    /// Links are reported as links, never followed out of the directory.
    @Test func symlinksAreNotFollowed() {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o700)
        fixture.write("outside", "", mode: 0o644)
        symlink(fixture("outside"), fixture("state/link"))
        #expect(Self.check(fixture, home: fixture("state")).status == .ok)
    }
}
