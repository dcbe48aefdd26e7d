import ClawPairKit

/// Exit codes of every subcommand (spec/cli.md, "Exit codes").
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case notFound = 1
    case usage = 2
    case invalidInput = 3
    case unreachable = 4
    case trust = 5
    case authorization = 6
    case environment = 7
    case failure = 8
    /// Ctrl-C (SIGINT) or SIGTERM stopped a command that stops cleanly (`access login`).
    case interrupted = 130

    init(_ category: ClawPairError.Category) {
        self =
            switch category {
            case .notFound: .notFound
            case .usage: .usage
            case .invalidInput: .invalidInput
            case .unreachable: .unreachable
            case .trust: .trust
            case .authorization: .authorization
            case .environment: .environment
            case .internal: .failure
            }
    }

    /// The more serious of two outcomes, for commands that handle several inputs.
    func worse(_ other: ExitStatus) -> ExitStatus {
        func rank(_ status: ExitStatus) -> Int32 { status == .success ? -1 : status == .notFound ? 0 : status.rawValue }
        return rank(other) > rank(self) ? other : self
    }
}
