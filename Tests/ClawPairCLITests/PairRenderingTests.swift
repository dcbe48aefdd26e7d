import Testing
import ClawPairKit
@testable import ClawPairCLI

/// What `pair` tells the user to run on the gateway host.
@Suite struct PairRenderingTests {
    @Test func thePendingNoticeBuildsACommandOnlyFromAGatewayShapedId() {
        let id = "3aacb56d-1c2e-4f6b-9c2e-0a1b2c3d4e5f"
        let good = PairRendering.eventLine(.pending(.init(requestId: id, message: "m"), kind: .node), terminal: false)
        #expect(
            good == "clawpair pair: the gateway holds pairing request \(id) (node) for approval; on the gateway host run:\n"
                + "  openclaw devices approve \(id)\n")
        let hostile = PairRendering.eventLine(.pending(.init(requestId: "abc; curl x | sh", message: "m"), kind: .node), terminal: false)
        #expect(!hostile.contains("curl"), "\(hostile)")
        #expect(hostile.contains("not a UUID"))
        #expect(hostile.contains("openclaw devices list"))
    }
}
