/// A request the gateway answered with an error.
public struct GatewayRequestError: Error, Sendable, CustomStringConvertible {
    public let method: String
    public let error: GatewayErrorShape

    public var description: String { "\(method) failed (\(error.code)): \(error.message)" }

    /// As clawpair's error: the connect classification when it is an auth or pairing code.
    public var clawPairError: ClawPairError {
        let classified = GatewayConnectError(error)
        if case .refused = classified { return ClawPairError(.gatewayRequestFailed, description) }
        return classified.clawPairError
    }
}
