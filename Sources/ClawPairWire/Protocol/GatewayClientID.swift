/// `client.id`: a closed set on the gateway; unknown values are rejected
/// (spec/gateway-protocol.md, "Client ids and modes").
public enum GatewayClientID: String, Sendable, Hashable, CaseIterable {
    case ios = "openclaw-ios"
    case macos = "openclaw-macos"
    /// A Linux desktop client: what clawpair sends.
    case linux = "openclaw-linux"
    case android = "openclaw-android"
    case watchos = "openclaw-watchos"
    case nodeHost = "node-host"
    case cli = "cli"
    case gatewayClient = "gateway-client"
    case controlUI = "openclaw-control-ui"
    case tui = "openclaw-tui"
    case webchat = "webchat"
    case webchatUI = "webchat-ui"
    case worker = "openclaw-worker"
    case probe = "openclaw-probe"
    case test = "test"
    case fingerprint = "fingerprint"
}
