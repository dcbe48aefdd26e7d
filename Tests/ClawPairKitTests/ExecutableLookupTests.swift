import Testing
@testable import ClawPairKit

@Suite struct ExecutableLookupTests {
    @Test func findsTheFirstExecutableRegularFile() {
        let fixture = FixtureDirectory()
        fixture.write("a/tool", "", mode: 0o644)
        fixture.makeDirectory("b/tool")
        let found = fixture.write("c/tool", "#!/bin/sh\n", mode: 0o755)
        fixture.write("d/tool", "#!/bin/sh\n", mode: 0o755)
        let lookup = ExecutableLookup(searchPath: "\(fixture("a")):\(fixture("b"))::\(fixture("c")):\(fixture("d"))")
        #expect(lookup.find("tool") == found)
        #expect(lookup.find("missing") == nil)
        #expect(lookup.find("") == nil)
        #expect(lookup.find("c/tool") == nil)
    }

    @Test func emptyEntriesAreDroppedAndDefaultsApply() {
        #expect(ExecutableLookup(searchPath: ":/bin:").directories == ["/bin"])
        #expect(ExecutableLookup(searchPath: nil).directories == ["/bin", "/usr/bin"])
        #expect(ExecutableLookup(searchPath: nil).find("sh") != nil)
        #expect(ExecutableLookup(directories: ["/a"]).adding(["/a", "/b"]).directories == ["/a", "/b"])
    }
}
