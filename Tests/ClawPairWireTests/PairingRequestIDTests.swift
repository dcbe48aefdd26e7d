import Testing
@testable import ClawPairWire

/// The gateway's request id goes into `openclaw devices approve <requestId>`, a command the
/// user is told to run: only the gateway's shape (a UUID) is used; anything else is refused.
@Suite struct PairingRequestIDTests {
    static let hostile = "abc; curl x | sh"

    @Test(arguments: [
        "3aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f", "3AACB56D-1C2E-4F6B-9C2E-0A1B2C3D4E5F", "00000000-0000-0000-0000-000000000000",
    ])
    func gatewayShapedIdsMakeTheCommand(_ id: String) {
        let request = GatewayConnectError.PairingRequest(requestId: id, message: "pairing required")
        #expect(request.requestId == id)
        #expect(request.approveCommand == "openclaw devices approve \(id)")
        #expect(GatewayConnectError.pairingRequired(request).remedy.contains("openclaw devices approve \(id)"))
    }

    @Test(arguments: [
        hostile, "req-1234", "$(id)", "`id`", "3aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f; rm -rf ~", "{3aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f}",
        "3aacb56d1c2e4f6b9c2e0a1b2c3d4e5f", "3aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5g", "3aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f\n",
        "-aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f", "３aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f", "3aacb56d_1c2e_4f6b_9c2e_0a1b2c3d4e5f",
    ])
    func anythingElseIsRefusedWithoutACommand(_ id: String) {
        let request = GatewayConnectError.PairingRequest(requestId: id, message: "pairing required")
        #expect(request.requestId == nil)
        #expect(request.approveCommand == nil)
        for error in [GatewayConnectError.pairingRequired(request), .waitThenRetry(request, retryAfterMs: nil)] {
            #expect(!error.remedy.contains(id), "\(error.remedy)")
            #expect(!error.message.contains(id), "\(error.message)")
        }
    }

    @Test func theRefusalIsSaid() {
        let request = GatewayConnectError.PairingRequest(requestId: Self.hostile, message: "pairing required")
        #expect(request.refusedRequestId)
        #expect(!PairingRequestID.isWellFormed(Self.hostile))
        #expect(GatewayConnectError.pairingRequired(request).remedy.contains("not a UUID"))
        // The operator reads the real id from the gateway's own list.
        #expect(request.approvalSteps == "openclaw devices list, then openclaw devices approve <requestId>")
        let none = GatewayConnectError.PairingRequest(requestId: nil, message: "pairing required")
        #expect(!none.refusedRequestId)
        #expect(!GatewayConnectError.pairingRequired(none).remedy.contains("not a UUID"))
    }

    @Test func aHostileIdInACloseReasonIsRefused() {
        let error = GatewayConnectError(
            closedWith: WebSocketClosePayload(code: .policyViolation, reason: "pairing required (requestId: abc;curl${IFS}x|sh)"))
        guard case .pairingRequired(let request) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(request.requestId == nil)
        #expect(!error.remedy.contains("curl"))
    }
}
