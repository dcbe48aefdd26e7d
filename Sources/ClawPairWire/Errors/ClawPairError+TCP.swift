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
