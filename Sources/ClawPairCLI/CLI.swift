import ClawPairKit

/// Entry point of the command-line tool; `main.swift` calls `run` and exits with its status.
public enum CLI {
    public static func run(_ arguments: [String]) async -> Int32 { 0 }
}
