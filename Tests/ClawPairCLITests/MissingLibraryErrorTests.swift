import Testing

/// A missing library reaches the user through the command's ordinary error path
/// (ErrorRendering, ExitStatus), not from C: with --json it is a JSON error object.
@Suite struct MissingLibraryErrorTests {
    @Test func aMissingLibraryIsAnErrorValueThatTheCommandRenders() throws {
        let script = """
            mount --bind /dev/null /lib/x86_64-linux-gnu/libqrencode.so.4 || exit 99
            "$0" qr --json ws://192.168.1.20:18789; echo "json=$?" >&2
            "$0" qr ws://192.168.1.20:18789
            """
        let process = try GatewaysProcess(["/usr/bin/unshare", "-m", "/bin/sh", "-c", script, LabHosts.clawpair])
        #expect(process.wait() == 7)
        #expect(process.stdout.hasPrefix(#"{"error":{"code":"LIBRARY_UNAVAILABLE","message":"cannot load libqrencode.so.4 ("#))
        #expect(process.stdout.contains(#""remedy":"install it: apt-get install libqrencode4"}}"#))
        #expect(process.stderr.contains("json=7"))
        #expect(process.stderr.contains("clawpair qr: error: cannot load libqrencode.so.4 ("))
    }
}
