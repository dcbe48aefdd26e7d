/// A finished handshake: what the gateway granted and what was sent.
public struct GatewayHello: Sendable {
    public let hello: HelloOk
    /// The params sent (their auth holds secrets; never print them).
    public let params: ConnectParams
    public let signatureVersion: DeviceAuthPayload.Version
    public let connectedAt: ContinuousClock.Instant
}
