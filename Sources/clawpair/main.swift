import Foundation
import ClawPairCLI

exit(await CLI.run(Array(CommandLine.arguments.dropFirst())))
