/// Opens the Access sign-in page: `$CLAWPAIR_BROWSER` (a command, split on spaces, never
/// run through a shell; default `xdg-open`) with the URL as one more argument. The URL holds
/// only public values (our transfer key, the audience), so argv is fine for it.
public struct AccessBrowser: Sendable {
    public static let environmentVariable = "CLAWPAIR_BROWSER"
    public static let defaultCommand = "xdg-open"
    /// How long a browser command may take to fail before it counts as started: xdg-open
    /// hands over and exits within this; a browser that stays open is left running.
    public static let startGrace: Duration = .seconds(5)

    public let command: [String]
    let environment: [String: String]

    /// The browser `environment` names.
    public init(environment: [String: String]) {
        let configured = environment[Self.environmentVariable].map { $0.split(separator: " ").map(String.init) } ?? []
        command = configured.isEmpty ? [Self.defaultCommand] : configured
        self.environment = environment
    }

    /// Starts the browser on `url`; throws `IO_ERROR` when the command cannot be found or
    /// started, or exits non-zero within ``startGrace``. Never kills it.
    public func open(_ url: String) async throws(ClawPairError) {
        let name = command[0]
        let path = name.contains("/") ? name : ExecutableLookup(searchPath: environment["PATH"]).find(name)
        guard let path else { throw ClawPairError(.ioError, "cannot open a browser: \(name) is not on PATH") }
        let process = try DetachedProcess(
            executable: path, arguments: Array(command.dropFirst()) + [url], environment: environment.map { "\($0.key)=\($0.value)" })
        let end = ContinuousClock.now + Self.startGrace
        while ContinuousClock.now < end {
            if let status = process.exitStatusIfExited() {
                guard status == 0 else { throw ClawPairError(.ioError, "cannot open a browser: \(name) exited with status \(status)") }
                return
            }
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return }
        }
    }
}
