import Testing
@testable import ClawPairWire

@Suite struct GatewayDisplayNameTests {
    @Test(arguments: [
        ("Studio (OpenClaw)", "Studio"),
        ("Studio (OpenClaw) (2)", "Studio"),
        ("Studio  \t (OpenClaw)", "Studio"),
        ("  Mac   Studio  ", "Mac Studio"),
        ("Studio (openclaw)", "Studio"),
        ("Studio (3)", "Studio"),
        ("OpenClaw Box", "OpenClaw Box"),
        ("Studio (OpenClaw) extra", "Studio (OpenClaw) extra"),
        ("Box (v2)", "Box (v2)"),
        ("Box ()", "Box ()"),
        ("(OpenClaw)", "(OpenClaw)"),
        (" (OpenClaw)", "(OpenClaw)"),
        ("", ""),
    ])
    func fromInstanceName(instance: String, display: String) {
        #expect(GatewayDisplayName.fromInstanceName(instance) == display)
    }

    @Test func txtDisplayNameWins() {
        let txt = GatewayTXT(strings: [Array("displayName=  Mac Studio ".utf8)])
        #expect(GatewayDisplayName.resolve(txt: txt, instanceName: "Other (OpenClaw)") == "Mac Studio")
        let empty = GatewayTXT(strings: [Array("displayName=".utf8)])
        #expect(GatewayDisplayName.resolve(txt: empty, instanceName: "Other (OpenClaw) (2)") == "Other")
    }
}
