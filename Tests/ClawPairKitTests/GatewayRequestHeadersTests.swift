import ClawPairKit
import ClawPairWire
import Testing

/// The one function that says what headers a gateway request carries.
@Suite struct GatewayRequestHeadersTests {
    static let session = AccessSession(
        origin: "https://gw.example.com", token: Secret("eyJ.session.token"), issuer: "https://team.cloudflareaccess.com",
        audience: "aud", subject: "user-1", expiresAtMs: 2_000)

    static let custom = [
        CustomHeader(name: "CF-Access-Client-Id", value: Secret("id")), CustomHeader(name: "Host", value: Secret("evil")),
        CustomHeader(name: "cf-access-token", value: Secret("stale")), CustomHeader(name: "X-Bad", value: Secret("a\r\nInjected: 1")),
        CustomHeader(name: "Sec-WebSocket-Protocol", value: Secret("x")),
    ]

    @Test func filtersCustomHeadersAndAddsTheValidToken() {
        let sent = GatewayRequestHeaders.for(customHeaders: Self.custom, session: Self.session, nowMs: 1_999)
        #expect(sent.headers.fields.map(\.name) == ["CF-Access-Client-Id", "Cf-Access-Token"])
        #expect(sent.headers["cf-access-token"] == ["eyJ.session.token"])
        #expect(sent.accessSession == Self.session && sent.expiredSession == nil)
    }

    @Test func anExpiredSessionIsNotSentButReported() {
        let sent = GatewayRequestHeaders.for(customHeaders: Self.custom, session: Self.session, nowMs: 2_000)
        #expect(sent.headers["cf-access-token"] == ["stale"])
        #expect(sent.accessSession == nil && sent.expiredSession == Self.session)
    }

    @Test func theSessionFollowsTheRoutesOrigin() {
        let sources = GatewayHeaderSources(customHeaders: [], accessSessions: [Self.session], nowMs: 0)
        #expect(sources.headers(for: "wss://GW.example.com:443/gw").accessSession == Self.session)
        #expect(sources.headers(for: "wss://gw.example.com:8443").accessSession == nil)
        #expect(sources.headers(for: "ws://gw.example.com").headers.isEmpty)
    }
}
