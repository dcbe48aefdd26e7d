import Glibc
import Testing
@testable import ClawPairKit

@Suite struct StateDirectoryTests {
    /// spec/cli.md: `--home`, else `$CLAWPAIR_HOME`, else `${XDG_DATA_HOME:-$HOME/.local/share}/clawpair`.
    @Test(arguments: [
        ("/opt/state", ["CLAWPAIR_HOME": "/env", "HOME": "/home/u"], "/opt/state", StateDirectory.Source.option),
        ("/opt/state/", [:], "/opt/state", .option),
        ("/", [:], "/", .option),
        (nil, ["CLAWPAIR_HOME": "/env/home", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"], "/env/home", .environment),
        (nil, ["CLAWPAIR_HOME": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"], "/xdg/clawpair", .xdgDataHome),
        (nil, ["XDG_DATA_HOME": "/xdg/", "HOME": "/home/u"], "/xdg/clawpair", .xdgDataHome),
        (nil, ["XDG_DATA_HOME": "", "HOME": "/home/u"], "/home/u/.local/share/clawpair", .home),
        (nil, ["XDG_DATA_HOME": "relative/data", "HOME": "/home/u"], "/home/u/.local/share/clawpair", .home),
        (nil, ["HOME": "/home/u/"], "/home/u/.local/share/clawpair", .home),
        (nil, ["HOME": "/"], "/.local/share/clawpair", .home),
        ("relative/dir", [:], "relative/dir", .option),
    ] as [(String?, [String: String], String, StateDirectory.Source)])
    func resolves(home: String?, environment: [String: String], path: String, source: StateDirectory.Source) throws {
        let directory = try StateDirectory.resolve(home: home, environment: environment)
        #expect(directory.path == path)
        #expect(directory.source == source)
    }

    @Test func noHomeIsAnError() {
        #expect(throws: ClawPairError(.stateDirectoryUnavailable, "")) {
            try StateDirectory.resolve(home: nil, environment: ["HOME": "", "XDG_DATA_HOME": "rel"])
        }
        #expect(throws: ClawPairError(.usage, "")) {
            try StateDirectory.resolve(home: "", environment: ["HOME": "/home/u"])
        }
    }

    @Test func appendsNames() {
        #expect(StateDirectory(path: "/s", source: .option).appending("registry.sqlite") == "/s/registry.sqlite")
        #expect(StateDirectory(path: "/", source: .option).appending("x") == "/x")
    }

    /// Missing parents are made too, every one 0700. (The umask is process-wide and tests run
    /// in parallel, so this test leaves it alone.)
    @Test func ensureCreatesNestedDirectoriesOwnerOnly() throws {
        let fixture = FixtureDirectory()
        let state = StateDirectory(path: fixture("data/share/clawpair"), source: .option)
        try state.ensure()
        #expect(fixture.mode("data") == 0o700)
        #expect(fixture.mode("data/share") == 0o700)
        #expect(fixture.mode("data/share/clawpair") == 0o700)
        try state.ensure()
    }

    @Test func ensureLeavesAnExistingDirectoryAlone() throws {
        let fixture = FixtureDirectory()
        fixture.makeDirectory("state", mode: 0o750)
        try StateDirectory(path: fixture("state"), source: .option).ensure()
        #expect(fixture.mode("state") == 0o750)
    }

    @Test func ensureRefusesAFileInTheWay() {
        let fixture = FixtureDirectory()
        fixture.write("file", "x")
        #expect(throws: ClawPairError(.stateDirectoryUnavailable, "")) {
            try StateDirectory(path: fixture("file"), source: .option).ensure()
        }
        #expect(throws: ClawPairError(.stateDirectoryUnavailable, "")) {
            try StateDirectory(path: fixture("file/below"), source: .option).ensure()
        }
    }
}
