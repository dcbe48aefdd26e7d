extension ClawPairError {
    /// The verdict for a failed connect to `host:port`, with the remedy the probe gives too.
    public init(connecting error: NetworkError, host: String, port: UInt16, fileID: StaticString = #fileID, line: UInt = #line) {
        let code: Code = switch error.code {
        case .connectionRefused: .tcpRefused
        case .timedOut: .tcpTimeout
        case .unreachable: .tcpUnreachable
        default: .tcpFailed
        }
        self.init(
            code, error.description, remedy: ProbeRemedy.connectRemedy(code, host: host, port: Int(port)), fileID: fileID,
            line: line)
    }
}
