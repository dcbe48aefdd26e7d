import Testing

@testable import ClawPairWire

/// The spec's vectors (taken from the gateway's own tests), so client and sim cannot agree
/// on a shared mistake.
@Suite struct DeviceAuthPayloadTests {
    func vector(_ version: DeviceAuthPayload.Version, at ms: Int64, platform: String? = nil, family: String? = nil) -> DeviceAuthPayload {
        DeviceAuthPayload(
            version: version, deviceId: "dev-1", clientId: "openclaw-macos", clientMode: "ui", role: "operator",
            scopes: ["operator.admin", "operator.read"], signedAtMs: ms, token: "tok-123", nonce: "nonce-abc",
            platform: platform, deviceFamily: family)
    }

    @Test func v2Vector() {
        #expect(
            vector(.v2, at: 1_700_000_000_000).text
                == "v2|dev-1|openclaw-macos|ui|operator|operator.admin,operator.read|1700000000000|tok-123|nonce-abc")
    }

    @Test func v2IgnoresPlatformAndFamily() {
        #expect(vector(.v2, at: 1, platform: "linux", family: "x").text == vector(.v2, at: 1).text)
    }

    @Test func v3Vector() {
        #expect(
            vector(.v3, at: 1_800_000_000_000, platform: "  IOS  ", family: "  iPhone  ").text
                == "v3|dev-1|openclaw-macos|ui|operator|operator.admin,operator.read|1800000000000|tok-123|nonce-abc|ios|iphone")
    }

    @Test func v3LowercasesASCIIOnly() {
        #expect(DeviceAuthPayload.normalizedMetadata("  İOS  ") == "İos")
        #expect(vector(.v3, at: 1, platform: "  İOS  ").text.hasSuffix("|İos|"))
        // Non-ASCII capitals stay; ASCII capitals go.
        #expect(DeviceAuthPayload.normalizedMetadata("ÄBC") == "Äbc")
        #expect(DeviceAuthPayload.normalizedMetadata("\u{A0}\u{3000}Linux\u{FEFF}\n") == "linux")
    }

    @Test func missingValuesAreEmpty() {
        let payload = DeviceAuthPayload(
            version: .v3, deviceId: "d", clientId: "c", clientMode: "node", role: "node", scopes: [], signedAtMs: 0, token: nil,
            nonce: "n")
        #expect(payload.text == "v3|d|c|node|node||0||n||")
        #expect(payload.bytes == Array(payload.text.utf8))
    }

    @Test func builtFromConnectParams() throws {
        let params = ConnectParams(
            minProtocol: 4, maxProtocol: 4,
            client: ConnectClientInfo(id: "openclaw-linux", version: "1", platform: " Linux ", mode: "ui", deviceFamily: "Desktop"),
            role: "operator", scopes: ["operator.read"], auth: .bootstrapToken(Secret("boot")),
            device: ConnectDevice(id: "abc", publicKey: "k", signature: "s", signedAt: 42, nonce: "n1"))
        let payload = try DeviceAuthPayload(version: .v3, params: params)
        #expect(payload.text == "v3|abc|openclaw-linux|ui|operator|operator.read|42|boot|n1|linux|desktop")
        var password = params
        password.auth = .password(Secret("pw"))
        #expect(try DeviceAuthPayload(version: .v2, params: password).text == "v2|abc|openclaw-linux|ui|operator|operator.read|42||n1")
    }
}
