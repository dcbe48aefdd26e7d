import Testing

@testable import ClawPairKit

@Suite struct UnicastDNSErrorTests {
    static let question = DNSQuestion(name: try! DNSName("_openclaw-gw._tcp.openclaw.internal"), type: .PTR)
    static let server = DNSServerAddress(.v4([100, 100, 100, 100]))

    static func code(_ reasons: [UnicastDNSError.Reason]) -> ClawPairError.Code {
        UnicastDNSError(question: question, failures: reasons.map { .init(server: server, reason: $0) }).code
    }

    @Test func theCodeSumsUpTheServers() {
        let malformed = DNSWireError(.truncated, "x", offset: 0)
        #expect(Self.code([.timedOut]) == .dnsTimeout)
        #expect(Self.code([.timedOut, .timedOut]) == .dnsTimeout)
        #expect(Self.code([.malformed(malformed)]) == .dnsMalformedResponse)
        #expect(Self.code([.timedOut, .malformed(malformed)]) == .dnsMalformedResponse)
        #expect(Self.code([.responseCode(.serverFailure)]) == .dnsFailure)
        #expect(Self.code([.timedOut, .responseCode(.refused)]) == .dnsFailure)
        #expect(Self.code([.network(NetworkError(.connectionRefused, "x"))]) == .dnsFailure)
        #expect(Self.code([]) == .dnsFailure)
    }

    @Test func describesEveryServer() {
        let error = UnicastDNSError(
            question: Self.question,
            failures: [
                .init(server: Self.server, reason: .timedOut),
                .init(server: DNSServerAddress(.v4([127, 0, 0, 53])), reason: .responseCode(.serverFailure)),
            ])
        #expect(
            error.description
                == "DNS_FAILURE: _openclaw-gw._tcp.openclaw.internal. PTR: 100.100.100.100:53: no reply; 127.0.0.53:53: answered SERVFAIL"
        )
        #expect(error.clawPairError.code == .dnsFailure)
        #expect(error.clawPairError.code.category == .unreachable)
    }

    @Test func aTimeoutSuggestsWhatToCheck() {
        let error = UnicastDNSError(question: Self.question, failures: [.init(server: Self.server, reason: .timedOut)])
        #expect(error.clawPairError.remedy?.contains("--dns") == true)
    }
}
