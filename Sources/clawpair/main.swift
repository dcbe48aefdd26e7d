import ClawPairCLI
import ClawPairKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Glibc for exit(3), not Foundation: nothing else in the binary needs Foundation, and
// loading it (with ICU) costs more at every start than a browse of a warm cache.
// Before any thread exists, so every thread inherits the blocked SIGINT/SIGTERM mask.
SignalMonitor.start()
exit(await CLI.run(Array(CommandLine.arguments.dropFirst())))
