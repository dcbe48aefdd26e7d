import Testing
import ClawPairCLI
@Test func cliLinks() async { #expect(await CLI.run([]) == 0) }
