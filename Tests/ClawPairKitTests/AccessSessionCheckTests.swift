import ClawPairKit
import ClawPairWire
import Testing

/// How a stored session is reported: never the token, expiry in words, the one remedy.
@Suite struct AccessSessionCheckTests {
    static func session(expiresAtMs: Int64?) -> AccessSession {
        AccessSession(origin: "https://gw.example.com", token: Secret("eyJ.secret.token"), subject: "user-1", expiresAtMs: expiresAtMs)
    }

    static let cases: [(Int64, String)] = [
        (5 * 3600 * 1000 + 10, "session for user-1, expires in 5 h"), (90_000, "session for user-1, expires in 90 s"),
        (30 * 60_000, "session for user-1, expires in 30 min"), (3 * 86_400_000, "session for user-1, expires in 3 days"),
        (-7_200_000, "session for user-1, expired 2 h ago"), (0, "session for user-1, expired 1 s ago"),
    ]

    @Test(arguments: cases)
    func summarises(left: Int64, text: String) {
        #expect(AccessSessionCheck.summary(Self.session(expiresAtMs: 1_000_000_000 + left), nowMs: 1_000_000_000) == text)
    }

    @Test func reportsWithoutTheToken() {
        let session = Self.session(expiresAtMs: nil)
        #expect(AccessSessionCheck.summary(session, nowMs: 0) == "session for user-1")
        #expect(!AccessSessionCheck.detail(session, nowMs: 0).serialized().contains("secret"))
        let expired = AccessSessionCheck.expiredError(session, url: "wss://gw.example.com:443")
        #expect(expired.code == .accessSessionExpired && expired.code.category == .authorization)
        #expect(expired.remedy == "run `clawpair access login wss://gw.example.com:443`")
        #expect(AccessSessionCheck.revokedError(session, url: "wss://gw.example.com:443").message.contains("revoked"))
    }
}
