import ClawPairKit

/// A pairing request waiting for the operator (`GET /pending`).
public struct SimPendingRequest: Sendable, Hashable {
    public var requestId: String
    public var deviceId: String
    public var publicKey: String
    public var role: String
    public var scopes: [String]
    public var clientId: String
    public var createdAtMs: Int64
    /// The bootstrap token the request came with: approving it grants the setup-code set
    /// (node and operator) at once.
    public var bootstrapToken: String?

    var json: JSONValue {
        [
            "requestId": .string(requestId), "deviceId": .string(deviceId), "role": .string(role),
            "scopes": .array(scopes.map { .string($0) }), "clientId": .string(clientId),
            "createdAtMs": .integer(createdAtMs),
        ]
    }
}

/// A paired device as `GET /devices` lists it.
public struct SimDeviceSummary: Sendable, Hashable {
    public var deviceId: String
    public var roles: [String]
    public var scopes: [String]

    var json: JSONValue {
        ["deviceId": .string(deviceId), "roles": .array(roles.map { .string($0) }), "scopes": .array(scopes.map { .string($0) })]
    }
}

/// An authenticated session (`GET /connections`).
public struct SimConnectionRecord: Sendable, Hashable {
    public var connId: String
    public var deviceId: String
    public var role: String
    public var scopes: [String]
    public var clientId: String
    public var mode: String
    public var signatureVersion: String
    public var connectedAtMs: Int64

    var json: JSONValue {
        [
            "connId": .string(connId), "deviceId": .string(deviceId), "role": .string(role),
            "scopes": .array(scopes.map { .string($0) }), "clientId": .string(clientId), "mode": .string(mode),
            "signatureVersion": .string(signatureVersion), "connectedAtMs": .integer(connectedAtMs),
        ]
    }
}

/// One WebSocket connection attempt and how it ended (`GET /attempts`): tests prove with
/// these that a client sent, or did not send, a `connect`.
public struct SimAttempt: Sendable, Hashable {
    public var attemptId: Int
    public var atMs: Int64
    public var remoteAddress: String
    /// True once a `connect` request arrived.
    public var sentConnect: Bool
    public var clientId: String?
    public var mode: String?
    public var role: String?
    public var deviceId: String?
    public var authKind: String?
    /// With `--allow-tailscale`, how the Tailscale Serve check of the upgrade request went
    /// (``SimTailscaleServe/Check``: `verified`, `whois-failed`, …); the client is not told.
    public var tailscale: String?
    /// `OK`, an `error.details.code` (`PAIRING_REQUIRED`, `DEVICE_AUTH_SIGNATURE_INVALID`, …), a
    /// top-level error code (`INVALID_REQUEST`), or a transport outcome (`NO_CONNECT`,
    /// `FRAME_TOO_LARGE`, `NOT_CONNECT`, `FAULT_CLOSE_1008`, `ACCESS_CHALLENGE`,
    /// `UPGRADE_REJECTED`); nil while the attempt is still open.
    public var outcome: String?
    public var requestId: String?

    var json: JSONValue {
        [
            "attemptId": .integer(Int64(attemptId)), "atMs": .integer(atMs), "remoteAddress": .string(remoteAddress),
            "sentConnect": .bool(sentConnect), "clientId": JSONValue(clientId), "mode": JSONValue(mode),
            "role": JSONValue(role), "deviceId": JSONValue(deviceId), "authKind": JSONValue(authKind),
            "outcome": JSONValue(outcome), "requestId": JSONValue(requestId), "tailscale": JSONValue(tailscale),
        ]
    }
}

/// A device token the sim issued for one role of a paired device.
struct SimRoleGrant: Sendable, Hashable {
    var scopes: [String]
    var token: Secret
}

/// A paired device: its key and a grant per role.
struct SimPairedDevice: Sendable, Hashable {
    var publicKey: String
    var grants: [String: SimRoleGrant]
}

/// A setup code's single-use bootstrap token.
struct SimBootstrapToken: Sendable, Hashable {
    var expiresAtMs: Int64
    /// Operator scopes the code allows (full or limited access).
    var operatorScopes: [String]
    var used = false
}

/// A `node.event` presence beacon the sim received (`GET /presence`).
public struct SimPresenceRecord: Sendable, Hashable {
    public var connId: String
    public var deviceId: String
    public var event: String
    public var trigger: String?
    public var handled: Bool
    public var atMs: Int64

    var json: JSONValue {
        [
            "connId": .string(connId), "deviceId": .string(deviceId), "event": .string(event),
            "trigger": trigger.map(JSONValue.string) ?? .null, "handled": .bool(handled), "atMs": .integer(atMs),
        ]
    }
}

/// An authenticated session that ended (`GET /ended`), with the close code its client sent.
public struct SimEndedSession: Sendable, Hashable {
    public var session: SimConnectionRecord
    /// The client's close code; nil when the connection dropped without a close frame.
    public var closeCode: UInt16?

    var json: JSONValue {
        [
            "connId": .string(session.connId), "deviceId": .string(session.deviceId), "role": .string(session.role),
            "closeCode": closeCode.map { .integer(Int64($0)) } ?? .null,
        ]
    }
}
