import Foundation
import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// The client against real TLS servers (`openssl s_server`) and raw TCP listeners on
/// 127.0.0.1, with certificates made by the `openssl` CLI (``TLSTestPKI``). Trust in the
/// test CA comes from a per-test trust file (``TLSConfiguration/TrustStore/certificateFile(_:)``),
/// not from `SSL_CERT_FILE`: the environment is process-wide and these tests run in parallel.
@Suite struct TLSConnectionTests {
    /// Generous: a handshake on loopback takes milliseconds, but two cores run the whole
    /// suite in parallel.
    static let handshakeTimeout: Duration = .seconds(10)
    /// How long the never-answering server is given; short, as the test waits all of it.
    static let silentServerTimeout: Duration = .milliseconds(400)

    static func pki() throws -> TLSTestPKI { try TLSTestPKI.shared.get() }

    static func pin(_ identity: TLSTestPKI.Identity) throws -> TLSPin {
        // The CLI prints `sha256 Fingerprint=AB:CD:…`; the value follows the `=`.
        let value = try #require(identity.fingerprintLine.split(separator: "=").last)
        return try #require(TLSPin(parsing: String(value)))
    }

    /// Trusts only the test CA: so the self-signed gateway certificate is untrusted, and
    /// no result depends on this machine's CA bundle.
    static func trustingTestCA() throws -> TLSConfiguration {
        TLSConfiguration(trustStore: .certificateFile(try pki().authorityFile))
    }

    static func handshake(
        port: UInt16, serverName: String, configuration: TLSConfiguration, timeout: Duration = handshakeTimeout
    ) async throws -> TLSConnection {
        let deadline = ContinuousClock.now + timeout
        let reactor = IOReactor()
        let tcp = try await TCPConnection.connect(to: .loopbackIPv4(port: port), until: deadline, reactor: reactor)
        return try await TLSConnection.handshake(over: tcp, serverName: serverName, configuration: configuration, until: deadline)
    }

    /// Expects `body` to throw a ``ClawPairError`` with `code`, and returns it.
    static func expectError(_ code: ClawPairError.Code, _ body: () async throws -> Void) async throws -> ClawPairError {
        do {
            try await body()
        } catch let error as ClawPairError {
            #expect(error.code == code, "\(error)")
            return error
        }
        Issue.record("expected \(code), nothing was thrown")
        return ClawPairError(code, "")
    }

    /// Lines s_server prints by itself after the handshake summary; anything else after
    /// `CIPHER is` is application data the client sent.
    static func isServerStatusLine(_ line: Substring) -> Bool {
        let known = ["", "Secure Renegotiation IS supported", "Secure Renegotiation IS NOT supported", "DONE", "ERROR",
                     "shutting down SSL", "CONNECTION CLOSED"]
        return known.contains(String(line)) || line.contains(":error:")
            || line.first == " " && line.contains(" items in the session cache") || line.hasPrefix("   ")
    }

    // MARK: Pinning

    @Test func selfSignedWithoutPinIsUntrustedAndShowsTheFingerprint() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.selfSigned)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "openclaw-gateway", configuration: configuration)

        let expected = try Self.pin(pki.selfSigned)
        #expect(connection.peer.certificatePin == expected)
        #expect(connection.peer.publicKeySHA256 == pki.selfSigned.publicKeySHA256)
        #expect(connection.peer.subject == "CN=openclaw-gateway")
        #expect(connection.peer.issuer == "CN=openclaw-gateway")
        #expect(!connection.peer.systemTrusted)
        #expect(connection.peer.hostnameMatched)
        #expect(connection.peer.verifyError?.contains("self-signed certificate") == true)
        #expect(connection.peer.notAfter > connection.peer.notBefore)
        #expect(connection.peer.protocolVersion == "TLSv1.3")
        #expect(!connection.peer.cipher.isEmpty)

        let error = try await Self.expectError(.tlsUntrusted) { _ = try connection.accept(pin: nil) }
        #expect(error.message.contains(expected.text))
        await connection.close(until: .now + .seconds(1))
    }

    @Test func selfSignedWithTheCertificatePinIsAcceptedAndCarriesData() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.selfSigned)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "openclaw-gateway", configuration: configuration)
        let session = try connection.accept(pin: try Self.pin(pki.selfSigned))
        #expect(session.trust == .pinnedCertificate)

        let deadline = ContinuousClock.now + Self.handshakeTimeout
        try await session.write(Array("hello from clawpair\n".utf8), until: deadline)
        #expect(await server.waitForLog(containing: "hello from clawpair"))
        server.send("hello from s_server\n")
        let reply = try await session.read(exactly: "hello from s_server\n".utf8.count, until: deadline)
        #expect(String(decoding: reply, as: UTF8.self) == "hello from s_server\n")
        // The positive control for the "no application data" checks below.
        #expect(server.logAfterHandshake.contains { !Self.isServerStatusLine($0) })
        await session.close(until: deadline)
    }

    @Test func selfSignedWithThePublicKeyPinIsAccepted() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.selfSigned)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "openclaw-gateway", configuration: configuration)
        let pin = try #require(TLSPin(parsing: "sha256//" + pki.selfSigned.publicKeySHA256))
        let session = try connection.accept(pin: pin)
        #expect(session.trust == .pinnedPublicKey)
        await session.close(until: .now + .seconds(1))
    }

    @Test func wrongPinOnATrustedCertificateFailsBeforeAnyApplicationByte() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: configuration)
        #expect(connection.peer.systemTrusted && connection.peer.hostnameMatched)

        let wrong = try Self.pin(pki.selfSigned)
        let error = try await Self.expectError(.tlsPinMismatch) { _ = try connection.accept(pin: wrong) }
        #expect(error.message.contains("expected \(wrong.text), got \(try Self.pin(pki.leaf).text)"))
        #expect(error.message.contains("certificate"))
        await connection.close(until: .now + .seconds(1))

        // The server finished its handshake, then saw the connection end with nothing else.
        #expect(await server.waitForLog(containing: "CONNECTION CLOSED"))
        let after = server.logAfterHandshake
        #expect(!after.isEmpty, "the server never finished the handshake:\n\(server.log)")
        #expect(after.allSatisfy(Self.isServerStatusLine), "the server received data:\n\(server.log)")
    }

    @Test func wrongPublicKeyPinSaysWhichKindFailed() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: configuration)
        let wrong = try #require(TLSPin(parsing: "sha256//" + pki.selfSigned.publicKeySHA256))
        let error = try await Self.expectError(.tlsPinMismatch) { _ = try connection.accept(pin: wrong) }
        #expect(error.message.contains("public key"))
        #expect(error.message.contains("got sha256//\(pki.leaf.publicKeySHA256)"))
    }

    // MARK: System trust

    @Test func caSignedWithTheRightNameIsAccepted() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: configuration)
        #expect(connection.peer.verifyError == nil)
        #expect(connection.peer.issuer == "CN=clawpair test CA")
        let session = try connection.accept(pin: nil)
        #expect(session.trust == .systemTrust)
        // SNI carried the name.
        #expect(server.log.contains("server name"))
        await session.close(until: .now + .seconds(1))
    }

    @Test func theSameCertificateUnderAnotherNameIsANameMismatch() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "other.test", configuration: configuration)
        #expect(connection.peer.systemTrusted)
        #expect(!connection.peer.hostnameMatched)
        _ = try await Self.expectError(.tlsNameMismatch) { _ = try connection.accept(pin: nil) }
    }

    @Test func anExpiredTrustedCertificateIsExpired() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.expired)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: configuration)
        #expect(connection.peer.systemTrusted)
        #expect(connection.peer.notAfter == 1_609_459_200)  // 2021-01-01T00:00:00Z
        #expect(connection.peer.verifyError?.contains("expired") == true)
        let error = try await Self.expectError(.tlsExpired) { _ = try connection.accept(pin: nil) }
        #expect(error.message.contains("2021-01-01T00:00:00Z"))
        // A pin overrides the dates as it does system trust.
        #expect(try connection.accept(pin: try Self.pin(pki.expired)).trust == .pinnedCertificate)
    }

    @Test func anIPLiteralIsCheckedAgainstIPEntriesAndSendsNoSNI() async throws {
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        let configuration = try Self.trustingTestCA()
        let connection = try await Self.handshake(port: server.port, serverName: "127.0.0.1", configuration: configuration)
        #expect(connection.peer.hostnameMatched)
        let session = try connection.accept(pin: nil)
        #expect(session.trust == .systemTrust)
        await session.close(until: .now + .seconds(1))
        #expect(await server.waitForLog(containing: "CONNECTION CLOSED"))
        #expect(server.log.contains("TLS client extension"), "-tlsextdebug printed nothing:\n\(server.log)")
        #expect(!server.log.contains("server name"), "SNI was sent for an IP literal:\n\(server.log)")
    }

    @Test func theSystemStoreDoesNotTrustTheTestCA() async throws {
        // With the default store the test CA is in no bundle, so its leaf is untrusted: the
        // other tests' trust comes from the injected file only.
        let pki = try Self.pki()
        let server = try await TLSTestServer(pki.leaf)
        defer { server.stop() }
        let connection = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: TLSConfiguration())
        #expect(!connection.peer.systemTrusted)
        _ = try await Self.expectError(.tlsUntrusted) { _ = try connection.accept(pin: nil) }
    }

    // MARK: Versions

    @Test func aTLS12ServerIsAcceptedByDefaultAndRefusedWithATLS13Minimum() async throws {
        let pki = try Self.pki()
        let trusting = try Self.trustingTestCA()
        do {
            let server = try await TLSTestServer(pki.leaf, arguments: ["-tls1_2"])
            defer { server.stop() }
            let connection = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: trusting)
            #expect(connection.peer.protocolVersion == "TLSv1.2")
            #expect(try connection.accept(pin: nil).trust == .systemTrust)
        }
        do {
            let server = try await TLSTestServer(pki.leaf, arguments: ["-tls1_2"])
            defer { server.stop() }
            var strict = trusting
            strict.minimumVersion = .tls13
            let error = try await Self.expectError(.tlsHandshakeFailed) {
                _ = try await Self.handshake(port: server.port, serverName: "gateway.test", configuration: strict)
            }
            #expect(error.message.contains("OpenSSL"), "\(error)")
        }
    }

    // MARK: Servers that do not finish

    @Test func aServerThatClosesAtOnceFailsTheHandshake() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        async let accepted: Void = {
            // Accept and drop: the connection closes as soon as it is released.
            _ = try await listener.accept(until: .now + Self.handshakeTimeout)
        }()
        let configuration = try Self.trustingTestCA()
        let error = try await Self.expectError(.tlsHandshakeFailed) {
            _ = try await Self.handshake(port: listener.localAddress.port, serverName: "gateway.test", configuration: configuration)
        }
        #expect(error.message.contains("gateway.test"))
        try await accepted
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let reactor = IOReactor()
        // Never accepted: the kernel completes TCP handshakes into the backlog, and the
        // ClientHello sits there unread.
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let configuration = try Self.trustingTestCA()
        let start = ContinuousClock.now
        let error = try await Self.expectError(.tlsHandshakeFailed) {
            _ = try await Self.handshake(
                port: listener.localAddress.port, serverName: "gateway.test", configuration: configuration,
                timeout: Self.silentServerTimeout)
        }
        let elapsed = ContinuousClock.now - start
        #expect(error.message.contains("timed out"), "\(error)")
        #expect(error.message.contains("sent nothing"), "\(error)")
        #expect(elapsed >= Self.silentServerTimeout - .milliseconds(50))
        #expect(elapsed < Self.silentServerTimeout + .seconds(2))
    }

    @Test func cancellingAHandshakeEndsItAtOnce() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        let configuration = try Self.trustingTestCA()
        let start = ContinuousClock.now
        let task = Task {
            try await Self.handshake(port: listener.localAddress.port, serverName: "gateway.test", configuration: configuration)
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(ContinuousClock.now - start < Self.handshakeTimeout / 2)
    }

    @Test func aPlaintextServerIsNamedAsSuch() async throws {
        let reactor = IOReactor()
        let listener = try TCPListener(bindingTo: .loopbackIPv4(port: 0), reactor: reactor)
        async let served: Void = {
            let deadline = ContinuousClock.now + Self.handshakeTimeout
            guard let connection = try await listener.accept(until: deadline) else { return }
            _ = try await connection.read(upTo: 4096, until: deadline)
            try await connection.write(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8), until: deadline)
            _ = try? await connection.read(upTo: 4096, until: deadline)
        }()
        let configuration = try Self.trustingTestCA()
        let error = try await Self.expectError(.tlsHandshakeFailed) {
            _ = try await Self.handshake(port: listener.localAddress.port, serverName: "gateway.test", configuration: configuration)
        }
        #expect(error.message.contains("plaintext"), "\(error)")
        #expect(error.message.contains("wrong version number"), "\(error)")
        try await served
    }
}
