import Testing
@testable import ClawPairWire

@Suite struct ShellQuotingTests {
    @Test(arguments: [
        ("/root/.local/share/clawpair", "/root/.local/share/clawpair"),
        ("/home/a b/x", "'/home/a b/x'"),
        ("/tmp/it's", #"'/tmp/it'\''s'"#),
        ("", "''"),
        ("-rf", "'-rf'"),
        ("/tmp/$HOME;rm", "'/tmp/$HOME;rm'"),
        ("/tmp/é", "'/tmp/é'"),
    ])
    func quotes(word: String, quoted: String) {
        #expect(ShellQuoting.quote(word) == quoted)
    }
}
