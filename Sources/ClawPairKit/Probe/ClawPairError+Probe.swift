// Error codes for the `tcp` stage of a probe (spec/routes-and-tls.md, "Stages of a probe").
// The `dns` stage uses DNS_NXDOMAIN / DNS_TIMEOUT / DNS_FAILURE (ClawPairError+Discovery).

extension ClawPairError.Code {
    /// The host answered with a reset: nothing listens on that port (or only on loopback).
    public static let tcpRefused = Self("TCP_REFUSED", .unreachable)
    /// No answer to the handshake before the deadline: filtered, or the host is down.
    public static let tcpTimeout = Self("TCP_TIMEOUT", .unreachable)
    /// No route to the host, or a local rule refused the packet.
    public static let tcpUnreachable = Self("TCP_UNREACHABLE", .unreachable)
    /// Any other failure to connect (out of descriptors, an unusable address …).
    public static let tcpFailed = Self("TCP_FAILED", .unreachable)
}

extension ClawPairError {
    /// The probe verdict for a failed connect.
    public init(connecting error: NetworkError, fileID: StaticString = #fileID, line: UInt = #line) {
        switch error.code {
        case .connectionRefused:
            self.init(
                .tcpRefused, error.description,
                remedy: "the gateway is not listening on that port, or binds loopback only (gateway.bind)",
                fileID: fileID, line: line)
        case .timedOut:
            self.init(
                .tcpTimeout, error.description, remedy: "a firewall may drop the packets, or the host is down",
                fileID: fileID, line: line)
        case .unreachable:
            self.init(
                .tcpUnreachable, error.description, remedy: "there is no route to the host from here",
                fileID: fileID, line: line)
        default:
            self.init(.tcpFailed, error.description, fileID: fileID, line: line)
        }
    }
}
