import Testing

@testable import ClawPairKit

/// The process-wide cache of client TLS contexts (``TLSContext/shared(for:)``): one context
/// per trust configuration, and nothing of one connection (its verification result, its
/// name) leaking into the next through the shared context.
@Suite struct TLSContextCacheTests {
    static func pki() throws -> TLSTestPKI { try TLSTestPKI.shared.get() }

    /// A trust file holding only the self-signed gateway certificate: valid PEM, but not the
    /// test CA, so the CA-signed leaf is untrusted under it.
    static func trustingOnlySelfSigned(in directory: TLSTestDirectory) throws -> TLSConfiguration {
        let file = try directory.write(try pki().selfSigned.certificatePEM, to: "self-signed-only.pem")
        return TLSConfiguration(trustStore: .certificateFile(file))
    }

    @Test func oneContextPerConfiguration() throws {
        let directory = try TLSTestDirectory()
        let testCA = TLSConfiguration(trustStore: .certificateFile(try Self.pki().authorityFile))
        let other = try Self.trustingOnlySelfSigned(in: directory)
        let first = try TLSContext.shared(for: testCA)
        #expect(try TLSContext.shared(for: testCA) === first)
        #expect(try TLSContext.shared(for: other) !== first)
        var tls13 = testCA
        tls13.minimumVersion = .tls13
        #expect(try TLSContext.shared(for: tls13) !== first)
        #expect(try TLSContext.shared(for: TLSConfiguration()) === TLSContext.shared(for: TLSConfiguration()))
    }

    @Test func anUnreadableTrustFileFailsEveryTime() throws {
        let directory = try TLSTestDirectory()
        let missing = TLSConfiguration(trustStore: .certificateFile(directory.path + "/missing.pem"))
        for _ in 0..<2 {
            #expect(throws: ClawPairError(.fileUnreadable, "")) { _ = try TLSContext.shared(for: missing) }
        }
    }

    /// The CA-signed leaf, alternately under a configuration that trusts its CA and one that
    /// does not: each handshake judges by its own configuration, and a rejected chain's
    /// verification errors do not show up in the next trusted handshake (or the reverse).
    @Test func interleavedTrustConfigurationsEachJudgeTheirOwnHandshake() async throws {
        let pki = try Self.pki()
        let directory = try TLSTestDirectory()
        let testCA = TLSConfiguration(trustStore: .certificateFile(pki.authorityFile))
        let other = try Self.trustingOnlySelfSigned(in: directory)

        for (round, trustsCA) in [true, false, true, false, true].enumerated() {
            let server = try await TLSTestServer(pki.leaf)
            defer { server.stop() }
            let connection = try await TLSConnectionTests.handshake(
                port: server.port, serverName: "gateway.test", configuration: trustsCA ? testCA : other)
            #expect(connection.peer.systemTrusted == trustsCA, "round \(round)")
            #expect(connection.peer.hostnameMatched, "round \(round)")
            if trustsCA {
                #expect(connection.peer.verifyError == nil, "round \(round)")
                _ = try connection.accept(pin: nil)
            } else {
                #expect(connection.peer.verifyError != nil, "round \(round)")
                #expect(throws: ClawPairError(.tlsUntrusted, "")) { _ = try connection.accept(pin: nil) }
            }
            await connection.close(until: .now + .seconds(5))
        }
    }

    /// The server name is per connection: the same context checks one handshake against a
    /// matching name and the next against a wrong one.
    @Test func theNameCheckStaysPerConnection() async throws {
        let pki = try Self.pki()
        let testCA = TLSConfiguration(trustStore: .certificateFile(pki.authorityFile))
        for (round, name) in ["gateway.test", "other.test", "gateway.test"].enumerated() {
            let server = try await TLSTestServer(pki.leaf)
            defer { server.stop() }
            let connection = try await TLSConnectionTests.handshake(
                port: server.port, serverName: name, configuration: testCA)
            #expect(connection.peer.hostnameMatched == (name == "gateway.test"), "round \(round)")
            #expect(connection.peer.serverName == name, "round \(round)")
            await connection.close(until: .now + .seconds(5))
        }
    }
}
