/// How OpenClaw gateways advertise themselves over DNS-SD (spec/discovery.md).
public enum GatewayService {
    /// The DNS-SD service type, `<service>.<protocol>` (RFC 6763 §7).
    public static let type = "_openclaw-gw._tcp"
    /// The gateway port when none is given; WebSocket and HTTP share it.
    public static let defaultPort: UInt16 = 18789
    /// The domain every gateway on the local link is browsed in.
    public static let localDomain = "local."
    /// The gateway's own discovery gives up after this many seconds; `browse` defaults to it.
    public static let defaultBrowseTimeoutSeconds = 2
}
