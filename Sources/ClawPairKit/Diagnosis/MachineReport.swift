/// Every machine check, in order, and the verdict over them: the value `clawpair doctor`
/// renders (text or `--json`) and maps to an exit status.
public struct MachineReport: Sendable, Hashable {
    /// The results, in the order the checks ran.
    public let checks: [MachineCheck]

    /// A report over `checks`.
    public init(checks: [MachineCheck]) {
        self.checks = checks
    }

    /// `fail` if any check failed, else `warn` if any warned, else `ok` (skipped checks
    /// count as ok).
    public var overall: MachineCheck.Status {
        checks.map(\.status).max { $0.severity < $1.severity }.map { $0 == .skipped ? .ok : $0 } ?? .ok
    }

    /// True when no check failed (warnings allowed).
    public var ok: Bool { overall != .fail }

    /// The check with `id`, if it ran.
    public subscript(id: MachineCheck.ID) -> MachineCheck? { checks.first { $0.id == id } }

    /// The failures as one error (``ClawPairError/Code/machineCheckFailed``, an environment
    /// error: exit 7), or nil when nothing failed.
    public var failure: ClawPairError? {
        let failed = checks.filter { $0.status == .fail }
        guard !failed.isEmpty else { return nil }
        return ClawPairError(
            .machineCheckFailed,
            "failed: " + failed.map { "\($0.id.rawValue) (\($0.detail))" }.joined(separator: "; "),
            remedy: failed.compactMap(\.remedy).first
        )
    }
}
