import ClawPairCLI
import ClawPairKit
import Foundation

// Before any thread exists, so every thread inherits the blocked SIGINT/SIGTERM mask.
SignalMonitor.start()
exit(await CLI.run(Array(CommandLine.arguments.dropFirst())))
