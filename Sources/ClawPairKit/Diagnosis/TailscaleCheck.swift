/// Is Tailscale up? Only when a `tailscale` binary is on `PATH`: gateways on a tailnet are
/// reached through it (MagicDNS names, wide-area discovery by split DNS).
public enum TailscaleCheck {
    /// `tailscale status` answers from the local tailscaled in well under a second; a wedged
    /// or starting tailscaled can leave it hanging, and doctor must still finish.
    public static let statusTimeout: Duration = .seconds(3)

    static func run(_ inputs: MachineCheckInputs) -> MachineCheck {
        guard let executable = inputs.executables.find("tailscale") else {
            return MachineCheck(id: .tailscale, status: .skipped, detail: "tailscale is not installed (not on PATH)")
        }
        let result: Result<CommandOutput, ClawPairError>
        do throws(ClawPairError) {
            result = .success(try CommandRunner.run(
                executable, arguments: ["status", "--json"], environment: CommandRunner.minimalEnvironment(from: inputs.environment),
                timeout: inputs.tailscaleTimeout
            ))
        } catch {
            result = .failure(error)
        }
        return evaluate(result, timeout: inputs.tailscaleTimeout, serviceManager: inputs.serviceManager)
    }

    static func evaluate(_ result: Result<CommandOutput, ClawPairError>, timeout: Duration, serviceManager: ServiceManager) -> MachineCheck {
        let output: CommandOutput
        switch result {
        case .failure(let error):
            return MachineCheck(
                id: .tailscale, status: .warn, detail: error.message,
                remedy: "check that the tailscale binary runs: tailscale version"
            )
        case .success(let value):
            output = value
        }
        if output.termination == .timedOut {
            return MachineCheck(
                id: .tailscale, status: .warn,
                detail: "tailscale status --json did not answer within \(timeout)",
                remedy: serviceManager.restartCommand("tailscaled")
            )
        }
        guard let status = TailscaleStatus(parsingJSON: output.standardOutput) else {
            let why = output.firstErrorLine ?? "no status document"
            return MachineCheck(
                id: .tailscale, status: .warn,
                detail: "tailscale status failed: \(why)",
                remedy: serviceManager.startCommand("tailscaled")
            )
        }
        let health = status.health.first.map { "; tailscaled reports: \($0)" } ?? ""
        switch status.backendState {
        case .running:
            let name = status.selfDNSName.map { " as \($0)" } ?? ""
            return MachineCheck(id: .tailscale, status: .ok, detail: "Running\(name)")
        case .needsLogin:
            return MachineCheck(
                id: .tailscale, status: .warn, detail: "NeedsLogin: this machine is not logged in to a tailnet\(health)",
                remedy: "tailscale up"
            )
        case .needsMachineAuth:
            return MachineCheck(
                id: .tailscale, status: .warn, detail: "NeedsMachineAuth: waiting for an admin to approve this machine\(health)",
                remedy: "approve this machine in the tailnet's admin console (Machines)"
            )
        case .starting:
            return MachineCheck(
                id: .tailscale, status: .warn, detail: "Starting: tailscaled is still connecting\(health)",
                remedy: "wait a few seconds, then run clawpair doctor again"
            )
        default:
            return MachineCheck(
                id: .tailscale, status: .warn, detail: "\(status.backendState): Tailscale is not running\(health)",
                remedy: "tailscale up"
            )
        }
    }
}
