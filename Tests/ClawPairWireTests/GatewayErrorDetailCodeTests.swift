import Testing

@testable import ClawPairWire

/// The device-auth refusals as spec/gateway-protocol.md "Errors" (after the gateway's own
/// docs/gateway/protocol.md table) writes them: the client must recognise a real gateway's
/// refusal, and the sim must word its own the same way.
@Suite struct GatewayErrorDetailCodeTests {
    /// The spec's table, copied as text: message, `details.code`, `details.reason`.
    static let specTable: [(message: String, code: String, reason: String)] = [
        ("device nonce required", "DEVICE_AUTH_NONCE_REQUIRED", "device-nonce-missing"),
        ("device nonce mismatch", "DEVICE_AUTH_NONCE_MISMATCH", "device-nonce-mismatch"),
        ("device signature invalid", "DEVICE_AUTH_SIGNATURE_INVALID", "device-signature"),
        ("device signature expired", "DEVICE_AUTH_SIGNATURE_EXPIRED", "device-signature-stale"),
        ("device identity mismatch", "DEVICE_AUTH_DEVICE_ID_MISMATCH", "device-id-mismatch"),
        ("device public key invalid", "DEVICE_AUTH_PUBLIC_KEY_INVALID", "device-public-key"),
    ]

    @Test(arguments: specTable.map { [$0.message, $0.code, $0.reason] })
    func aGatewaysDeviceAuthRefusalIsRecognised(row: [String]) {
        let code = GatewayErrorDetailCode(rawValue: row[1])
        #expect(GatewayErrorDetailCode.known.contains(code))
        #expect(code.isDeviceAuthFailure)
        #expect(code.deviceAuthRefusal == GatewayErrorDetailCode.DeviceAuthRefusal(message: row[0], reason: row[2]))
        // As a real gateway sends it: INVALID_REQUEST, the message, the code and the reason.
        let shape = GatewayErrorShape(code: "INVALID_REQUEST", message: row[0], details: ["code": .string(row[1]), "reason": .string(row[2])])
        #expect(GatewayConnectError(shape) == .deviceAuthFailed(code, message: row[0]))
        #expect(GatewayConnectError(shape).clawPairError.code == .deviceAuthFailed)
    }

    @Test func theCatchAllAndTheOldUnprefixedSpellings() {
        #expect(GatewayErrorDetailCode.deviceAuthInvalid.rawValue == "DEVICE_AUTH_INVALID")
        #expect(GatewayErrorDetailCode.deviceAuthInvalid.isDeviceAuthFailure)
        #expect(GatewayErrorDetailCode.deviceAuthInvalid.deviceAuthRefusal == nil)
        let deviceAuth = GatewayErrorDetailCode.known.filter(\.isDeviceAuthFailure).map(\.rawValue)
        #expect(Set(deviceAuth) == Set(Self.specTable.map(\.code) + ["DEVICE_AUTH_INVALID"]))
        // No gateway sends the unprefixed names; they are not device-auth failures.
        for old in ["SIGNATURE_INVALID", "NONCE_MISMATCH", "SIGNATURE_EXPIRED", "DEVICE_ID_MISMATCH", "NONCE_REQUIRED", "PUBLIC_KEY_INVALID"] {
            #expect(!GatewayErrorDetailCode(rawValue: old).isDeviceAuthFailure)
        }
    }
}
