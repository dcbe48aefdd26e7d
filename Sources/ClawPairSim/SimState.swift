import ClawPairKit
import Synchronization

/// Everything `clawpair sim` remembers, in memory: bootstrap tokens, pairing requests,
/// paired devices and their device tokens, sessions, connect attempts and armed faults.
/// Only the TLS certificate outlives the process.
///
/// One mutex guards it all; no call blocks or awaits while holding it.
public final class SimState: Sendable {
    /// 10 minutes: a setup code's bootstrap token lifetime (spec/setup-codes.md).
    public static let bootstrapTokenTTLMs: Int64 = 10 * 60 * 1000
    /// 5 minutes: how long a pairing request waits for the operator before the gateway drops
    /// it (OpenClaw's `PENDING_TTL_MS` for device pairing requests).
    public static let pendingPairingTTLMs: Int64 = 5 * 60 * 1000
    /// Attempts kept for `/attempts`; older ones are dropped first.
    public static let maximumAttempts = 10_000

    /// The outcome of asking for a pairing.
    public enum PairingOutcome: Sendable, Hashable {
        /// Waiting for approval under this request id.
        case pending(requestId: String)
        /// The operator rejected this device's request.
        case rejected(requestId: String)
        /// Approved at once (`--auto-approve`).
        case approved(requestId: String)
        /// This device's identical request outlived ``pendingPairingTTLMs`` unanswered; told
        /// once, after which a new attempt files a new request.
        case expired(requestId: String)
    }

    private struct Store {
        var bootstrapTokens: [String: SimBootstrapToken] = [:]
        var pending: [String: SimPendingRequest] = [:]
        /// Rejected requests by device id, until the device asks for something else.
        var rejected: [String: SimPendingRequest] = [:]
        /// Requests that expired unanswered, by device id, until the device hears of it.
        var expired: [String: SimPendingRequest] = [:]
        var devices: [String: SimPairedDevice] = [:]
        var sessions: [String: SimConnectionRecord] = [:]
        var attempts: [SimAttempt] = []
        var nextAttemptId = 1
        var faults: Set<SimFault> = []
        var presence: [SimPresenceRecord] = []
        var ended: [SimEndedSession] = []
    }

    private let store = Mutex(Store())
    /// `--auto-approve`: every pairing request is approved as it is made.
    public let autoApprove: Bool
    /// How long a pairing request stays pending (`--pairing-ttl-ms`).
    public let pairingTTLMs: Int64

    /// One line per request filed, approval and authenticated connection (`clawpair sim`'s
    /// stderr); written outside the mutex.
    let log: DaemonLog?

    public init(autoApprove: Bool, pairingTTLMs: Int64 = pendingPairingTTLMs, log: DaemonLog? = nil) {
        self.autoApprove = autoApprove
        self.pairingTTLMs = pairingTTLMs
        self.log = log
    }

    private func logRequest(_ event: String, _ request: SimPendingRequest) {
        log?.event(event, fields: [("requestId", request.requestId), ("deviceId", request.deviceId), ("role", request.role)])
    }

    /// Moves requests older than ``pairingTTLMs`` out of `pending` (the gateway prunes on
    /// every look at its pairing store, so an expired request can be neither listed nor
    /// approved).
    private func pruneExpired(_ store: inout Store, now: Int64) {
        for request in store.pending.values where request.createdAtMs + pairingTTLMs <= now {
            store.pending[request.requestId] = nil
            store.expired[request.deviceId] = request
        }
    }

    // MARK: Bootstrap tokens

    /// Mints a single-use bootstrap token valid for `ttlMs`, allowing `operatorScopes`.
    public func mintBootstrapToken(now: Int64, ttlMs: Int64 = bootstrapTokenTTLMs, operatorScopes: [String]) -> (token: Secret, expiresAtMs: Int64) {
        let token = SimRandom.token()
        let expires = now + ttlMs
        store.withLock { $0.bootstrapTokens[token] = SimBootstrapToken(expiresAtMs: expires, operatorScopes: operatorScopes) }
        return (Secret(token), expires)
    }

    /// The token when it exists, is unused and has not expired.
    func usableBootstrapToken(_ token: String, now: Int64) -> SimBootstrapToken? {
        store.withLock { store in
            guard let entry = store.bootstrapTokens[token], !entry.used, entry.expiresAtMs > now else { return nil }
            return entry
        }
    }

    /// Marks a bootstrap token used (after a successful hello-ok).
    func consumeBootstrapToken(_ token: String) {
        store.withLock { $0.bootstrapTokens[token]?.used = true }
    }

    // MARK: Devices and pairing

    func device(_ deviceId: String) -> SimPairedDevice? {
        store.withLock { $0.devices[deviceId] }
    }

    /// Files (or reuses, or supersedes) the device's pairing request. A request with the
    /// same key, role and scopes as the pending one keeps its id; anything else replaces it
    /// with a new id (spec: "a retry with a changed role, scopes or public key supersedes").
    func requestPairing(
        deviceId: String, publicKey: String, role: String, scopes: [String], clientId: String, bootstrapToken: String?,
        now: Int64
    ) -> PairingOutcome {
        let (outcome, filed): (PairingOutcome, SimPendingRequest?) = store.withLock { store in
            pruneExpired(&store, now: now)
            if let expired = store.expired.removeValue(forKey: deviceId),
                expired.publicKey == publicKey, expired.role == role, expired.scopes == scopes
            {
                return (.expired(requestId: expired.requestId), nil)
            }
            if let rejected = store.rejected[deviceId] {
                if rejected.publicKey == publicKey, rejected.role == role, rejected.scopes == scopes {
                    return (.rejected(requestId: rejected.requestId), nil)
                }
                store.rejected[deviceId] = nil
            }
            if let existing = store.pending.values.first(where: { $0.deviceId == deviceId }) {
                if existing.publicKey == publicKey, existing.role == role, existing.scopes == scopes {
                    return (.pending(requestId: existing.requestId), nil)
                }
                store.pending[existing.requestId] = nil
            }
            let request = SimPendingRequest(
                requestId: SimRandom.requestId(), deviceId: deviceId, publicKey: publicKey, role: role, scopes: scopes,
                clientId: clientId, createdAtMs: now, bootstrapToken: bootstrapToken)
            if autoApprove {
                Self.approve(request, in: &store)
                return (.approved(requestId: request.requestId), request)
            }
            store.pending[request.requestId] = request
            return (.pending(requestId: request.requestId), request)
        }
        if let filed {
            logRequest("pairing-pending", filed)
            if case .approved = outcome { logRequest("pairing-approved", filed) }
        }
        return outcome
    }

    /// Pairs the device of a pending request. False for an unknown or expired id.
    public func approve(requestId: String, now: Int64) -> Bool {
        let approved: SimPendingRequest? = store.withLock { store in
            pruneExpired(&store, now: now)
            guard let request = store.pending.removeValue(forKey: requestId) else { return nil }
            Self.approve(request, in: &store)
            return request
        }
        if let approved { logRequest("pairing-approved", approved) }
        return approved != nil
    }

    /// Refuses a pending request. False for an unknown or expired id.
    public func reject(requestId: String, now: Int64) -> Bool {
        store.withLock { store in
            pruneExpired(&store, now: now)
            guard let request = store.pending.removeValue(forKey: requestId) else { return false }
            store.rejected[request.deviceId] = request
            return true
        }
    }

    /// Pairs a device for `role` and `scopes` without a request (shared-token clients).
    func pairDirectly(deviceId: String, publicKey: String, role: String, scopes: [String]) {
        store.withLock { store in
            var device = store.devices[deviceId] ?? SimPairedDevice(publicKey: publicKey, grants: [:])
            device.publicKey = publicKey
            device.grants[role] = SimRoleGrant(scopes: scopes, token: Secret(SimRandom.token()))
            store.devices[deviceId] = device
        }
    }

    private static func approve(_ request: SimPendingRequest, in store: inout Store) {
        var device = store.devices[request.deviceId] ?? SimPairedDevice(publicKey: request.publicKey, grants: [:])
        device.publicKey = request.publicKey
        device.grants[request.role] = SimRoleGrant(scopes: request.scopes, token: Secret(SimRandom.token()))
        // A setup-code pairing covers both sessions of a client: node and operator.
        if let bootstrap = request.bootstrapToken, let entry = store.bootstrapTokens[bootstrap] {
            for role in ["node", "operator"] where device.grants[role] == nil {
                let scopes = role == "node" ? [] : entry.operatorScopes
                device.grants[role] = SimRoleGrant(scopes: scopes, token: Secret(SimRandom.token()))
            }
        }
        store.devices[request.deviceId] = device
    }

    /// Forgets a paired device: its grants and device tokens, and any request it has on
    /// file (`POST /revoke/ID`). False when no such device is paired.
    public func revoke(deviceId: String) -> Bool {
        store.withLock { store in
            guard store.devices.removeValue(forKey: deviceId) != nil else { return false }
            for request in store.pending.values where request.deviceId == deviceId { store.pending[request.requestId] = nil }
            store.rejected[deviceId] = nil
            store.expired[deviceId] = nil
            return true
        }
    }

    /// Paired devices by id (`GET /devices`): each with its roles and the union of their
    /// scopes, both sorted.
    public var pairedDevices: [SimDeviceSummary] {
        store.withLock { store in
            store.devices.keys.sorted().map { id in
                let grants = store.devices[id]!.grants
                return SimDeviceSummary(
                    deviceId: id, roles: grants.keys.sorted(), scopes: Set(grants.values.flatMap(\.scopes)).sorted())
            }
        }
    }

    /// Requests still pending at `now`, oldest first.
    public func pending(now: Int64) -> [SimPendingRequest] {
        store.withLock { store in
            pruneExpired(&store, now: now)
            return store.pending.values.sorted { ($0.createdAtMs, $0.requestId) < ($1.createdAtMs, $1.requestId) }
        }
    }

    // MARK: Sessions, attempts, faults

    func addSession(_ record: SimConnectionRecord) {
        store.withLock { $0.sessions[record.connId] = record }
    }

    func removeSession(_ connId: String) {
        store.withLock { $0.sessions[connId] = nil }
    }

    /// Notes how an authenticated session ended (`GET /ended`): the close code the client
    /// sent, nil when the connection dropped without one. The newest 1000 are kept.
    func endSession(_ record: SimConnectionRecord, closeCode: UInt16?) {
        store.withLock { store in
            store.ended.append(SimEndedSession(session: record, closeCode: closeCode))
            if store.ended.count > 1000 { store.ended.removeFirst(store.ended.count - 1000) }
        }
    }

    public var endedSessions: [SimEndedSession] { store.withLock { $0.ended } }

    /// Notes a `node.event` presence beacon (`GET /presence`); the newest 1000 are kept.
    func recordPresence(_ record: SimPresenceRecord) {
        store.withLock { store in
            store.presence.append(record)
            if store.presence.count > 1000 { store.presence.removeFirst(store.presence.count - 1000) }
        }
    }

    public var presenceEvents: [SimPresenceRecord] { store.withLock { $0.presence } }

    /// Whether `deviceId` is paired for `role`.
    func isPaired(_ deviceId: String, role: String) -> Bool {
        store.withLock { $0.devices[deviceId]?.grants[role] != nil }
    }

    /// Authenticated sessions, oldest first.
    public var sessions: [SimConnectionRecord] {
        store.withLock { $0.sessions.values.sorted { ($0.connectedAtMs, $0.connId) < ($1.connectedAtMs, $1.connId) } }
    }

    /// Starts an attempt record; returns its id.
    func beginAttempt(remoteAddress: String, now: Int64) -> Int {
        store.withLock { store in
            let id = store.nextAttemptId
            store.nextAttemptId += 1
            store.attempts.append(SimAttempt(attemptId: id, atMs: now, remoteAddress: remoteAddress, sentConnect: false))
            if store.attempts.count > Self.maximumAttempts { store.attempts.removeFirst(store.attempts.count - Self.maximumAttempts) }
            return id
        }
    }

    /// Changes an attempt record (when it is still kept).
    func updateAttempt(_ id: Int, _ change: (inout SimAttempt) -> Void) {
        store.withLock { store in
            guard let first = store.attempts.first?.attemptId, id >= first else { return }
            let index = id - first
            guard index < store.attempts.count else { return }
            change(&store.attempts[index])
        }
    }

    /// Every attempt kept, oldest first.
    public var attempts: [SimAttempt] { store.withLock { $0.attempts } }

    public func arm(_ fault: SimFault) { _ = store.withLock { $0.faults.insert(fault) } }
    public func resetFaults() { store.withLock { $0.faults.removeAll() } }
    public func isArmed(_ fault: SimFault) -> Bool { store.withLock { $0.faults.contains(fault) } }
}
