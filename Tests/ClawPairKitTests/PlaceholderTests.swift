import Testing
import ClawPairKit
@Test func kitLinks() { #expect(ClawPairError.Code.qrNotFound.category == .notFound) }
