import ClawPairCLI
import ClawPairKit
#if canImport(Glibc)
import Glibc
#endif

// `clawpair` for the kill -9 tests, never shipped: CLAWPAIR_TEST_PAUSE_IN=NAME stops the
// process inside that registry change's transaction (after its main statement, before
// commit), announcing it on stderr, so a test can kill it at exactly that point. The real
// binary has no such variable: the pause goes in through a `package` seam.
SignalMonitor.start()
let point = ProcessEnvironment.current["CLAWPAIR_TEST_PAUSE_IN"]
let hooks = CLITestHooks(insideRegistryTransaction: { name in
    guard name == point else { return }
    try? FileIO.write(Array("clawpair: paused inside \(name)\n".utf8), descriptor: 2)
    while true { sleep(60) }
})
exit(await CLI.run(Array(CommandLine.arguments.dropFirst()), console: .process, testHooks: hooks))
