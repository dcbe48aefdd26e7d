/// One stage of one route's probe, as `probe --json` reports it:
/// `{layer, ok, ms, detail}` (spec/cli.md `probe`).
public struct ProbeStage: Sendable, Hashable {
    /// Where the stage stands.
    public enum Status: Sendable, Hashable {
        case passed
        case failed
        /// Started but unfinished when the probe ended (another route reached the gateway):
        /// no failure is claimed.
        case pending
    }

    public var layer: ProbeLayer
    public var status: Status
    /// Milliseconds the stage took (for a pending stage: how long it had run).
    public var milliseconds: Int64
    /// Facts of the stage, e.g. the `tls` stage's `fingerprint`, `systemTrusted`, `subject`,
    /// `notAfter`; a failed `http` stage's `status`, `headers` and `body`. An object.
    public var detail: JSONValue

    public init(layer: ProbeLayer, status: Status, milliseconds: Int64, detail: JSONValue = .object([])) {
        self.layer = layer
        self.status = status
        self.milliseconds = milliseconds
        self.detail = detail
    }

    /// `true`, `false`, or nil while pending.
    public var ok: Bool? {
        switch status {
        case .passed: true
        case .failed: false
        case .pending: nil
        }
    }
}
