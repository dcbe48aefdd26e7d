import Testing
@testable import ClawPairKit
#if canImport(Glibc)
import Glibc
#endif

/// The list of instances recent browses announced: a hint kept in the state directory.
@Suite struct MDNSRecentInstancesTests {
    private func key(_ name: String, interface: UInt32 = 2) -> MDNSInstanceKey {
        MDNSInstanceKey(name: name, serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: interface)
    }

    @Test func remembersNewestFirstWithinTheLimitInA0600File() throws {
        let fixture = FixtureDirectory()
        let recent = MDNSRecentInstances(directory: StateDirectory(path: fixture.path + "/state", source: .option))
        #expect(recent.load() == [])

        let names = (1...10).map { "GW \($0) \"quoted\"\n" }
        var known: [MDNSInstanceKey] = []
        for name in names { known = recent.remember([key(name)], known: known) }
        let expected = names.reversed().prefix(MDNSRecentInstances.limit).map { key($0) }
        #expect(known == Array(expected))
        #expect(recent.load() == Array(expected))

        // Seen again: first again, and nothing else lost.
        known = recent.remember([key(names[5])], known: known)
        #expect(recent.load().first == key(names[5]))
        #expect(Set(recent.load()) == Set(expected))

        // Expected but not seen: forgotten, the rest kept in order.
        let gone: Set = [key(names[9]), key(names[7]), key("never remembered")]
        known = recent.forget(gone, known: known)
        #expect(recent.load() == known)
        #expect(known == [key(names[5])] + expected.filter { $0 != key(names[5]) && !gone.contains($0) })
        #expect(known.count == MDNSRecentInstances.limit - 2)

        var info = stat()
        #expect(stat(fixture.path + "/state/" + MDNSRecentInstances.fileName, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(fixture.path + "/state", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func anUnreadableOrForeignFileIsAnEmptyHint() throws {
        let fixture = FixtureDirectory()
        let recent = MDNSRecentInstances(directory: StateDirectory(path: fixture.path, source: .option))
        let file = fixture.path + "/" + MDNSRecentInstances.fileName
        for text in ["not json", "{\"name\":\"x\"}", "[{\"name\":\"x\",\"type\":1}]", "[{\"name\":\"x\",\"type\":\"t\",\"domain\":\"d\",\"interface\":-1}]"] {
            try FileIO.writeFile(Array(text.utf8), to: file)
            #expect(recent.load() == [], "\(text)")
        }
        // A valid entry among invalid ones survives.
        try FileIO.writeFile(
            Array("[7, {\"name\":\"GW\",\"type\":\"_openclaw-gw._tcp.\",\"domain\":\"local.\",\"interface\":2}]".utf8), to: file)
        #expect(recent.load() == [key("GW")])
    }

    @Test func aStateDirectoryThatCannotBeMadeIsNoError() {
        let recent = MDNSRecentInstances(directory: StateDirectory(path: "/proc/no-such/clawpair", source: .option))
        #expect(recent.remember([key("GW")], known: []) == [key("GW")])
        #expect(recent.load() == [])
    }
}
