import ClawPairWire
import Testing

@testable import ClawPairKit

/// The probe's `http` stage codes for each way an upgrade can fail (spec/cli.md `probe`):
/// the one place the layers' own errors become `HTTP_UNEXPECTED_STATUS` or
/// `WS_UPGRADE_REJECTED`.
@Suite struct RouteProberFailureCodeTests {
    static func rejection(status: Int, _ code: WebSocketHandshakeError.Code) -> WebSocketUpgradeRejection {
        WebSocketUpgradeRejection(
            status: status, reason: status == 101 ? "Switching Protocols" : "Not Found", headers: HTTPHeaders(),
            bodyPrefix: [], accessChallenge: nil, handshakeError: WebSocketHandshakeError(code, "", status: status))
    }

    @Test func aStatusOtherThan101IsAnUnexpectedStatus() throws {
        let route = try GatewayRoute(url: "ws://127.0.0.1:18789")
        let error = RouteProber.rejectionError(Self.rejection(status: 404, .unexpectedStatus), route: route)
        #expect(error.code == .httpUnexpectedStatus)
        #expect(error.code.rawValue == "HTTP_UNEXPECTED_STATUS")
    }

    @Test func aBad101IsARejectedUpgrade() throws {
        let route = try GatewayRoute(url: "ws://127.0.0.1:18789")
        let error = RouteProber.rejectionError(Self.rejection(status: 101, .badAccept), route: route)
        #expect(error.code.rawValue == "WS_UPGRADE_REJECTED")
    }

    @Test func anAnswerThatIsNotHTTPIsARejectedUpgrade() {
        let error = RouteProber.upgradeFailure(HTTPWireError(.invalidStatusLine, "x"), timeout: .seconds(3))
        #expect(error.code.rawValue == "WS_UPGRADE_REJECTED")
    }
}
