import Synchronization

/// What every live session shares: the reactor, resolution and TLS settings, this
/// installation's identity, the registry writer for `lastConnectedAtMs`, the presence
/// throttle and the log.
public struct SessionEnvironment: Sendable {
    public var reactor: IOReactor
    public var overrides: ResolveOverrides
    public var tls: TLSConfiguration
    public var identity: DeviceIdentity
    public var instanceId: String?
    public var displayName: String?
    public var nowMs: @Sendable () -> Int64
    /// Records a successful connect (spec/registry.md: on every one).
    public var recordConnection: @Sendable (GatewayID, _ atMs: Int64, _ route: String) -> Void
    public var presence: PresenceLedger
    public var log: DaemonLog

    public init(
        reactor: IOReactor, overrides: ResolveOverrides, tls: TLSConfiguration, identity: DeviceIdentity, instanceId: String?,
        displayName: String?, nowMs: @escaping @Sendable () -> Int64 = { WallClock.nowMs() },
        recordConnection: @escaping @Sendable (GatewayID, Int64, String) -> Void, log: DaemonLog
    ) {
        self.reactor = reactor
        self.overrides = overrides
        self.tls = tls
        self.identity = identity
        self.instanceId = instanceId
        self.displayName = displayName
        self.nowMs = nowMs
        self.recordConnection = recordConnection
        presence = PresenceLedger()
        self.log = log
    }
}

/// When each gateway last recorded this node's presence, across reconnects and restarts of
/// its session, for the 10-minute throttle.
public final class PresenceLedger: Sendable {
    private let lastSuccess = Mutex<[GatewayID: Int64]>([:])

    public init() {}

    public func isDue(_ gateway: GatewayID, nowMs: Int64) -> Bool {
        PresenceBeacon.isDue(lastSuccessMs: lastSuccess.withLock { $0[gateway] }, nowMs: nowMs)
    }

    public func recorded(_ gateway: GatewayID, atMs: Int64) {
        lastSuccess.withLock { $0[gateway] = atMs }
    }
}
