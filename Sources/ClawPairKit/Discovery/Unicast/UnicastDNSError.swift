/// Why a unicast DNS query got no answer: every server was tried (or the deadline came
/// first), and each failure is kept, server by server.
///
/// ``code`` is one of the discovery error codes: ``ClawPairError/Code/dnsTimeout`` when no
/// server said anything, ``ClawPairError/Code/dnsMalformedResponse`` when the only replies
/// could not be parsed, ``ClawPairError/Code/dnsFailure`` for error replies (`SERVFAIL`,
/// `REFUSED` …) and unreachable servers. A ``CodedError``, compared by code only.
public struct UnicastDNSError: CodedError {
    /// `DNS_TIMEOUT`, `DNS_MALFORMED_RESPONSE` or `DNS_FAILURE` (see the type's summary).
    public let code: ClawPairError.Code
    /// What was asked.
    public let question: DNSQuestion
    /// What happened at each server, in the order they were asked.
    public let failures: [ServerFailure]
    /// Where the error was made, for bug reports.
    public let location: String

    /// One server's failure.
    public struct ServerFailure: Sendable, CustomStringConvertible {
        /// The server asked.
        public let server: DNSServerAddress
        /// What went wrong there.
        public let reason: Reason

        public init(server: DNSServerAddress, reason: Reason) {
            self.server = server
            self.reason = reason
        }

        public var description: String { "\(server): \(reason)" }
    }

    /// What went wrong at one server.
    public enum Reason: Sendable, CustomStringConvertible {
        /// No acceptable reply before the server's turn (or the caller's deadline) ended.
        case timedOut
        /// The server answered with this error code (`SERVFAIL`, `REFUSED`, `NOTIMP`, …).
        case responseCode(DNSResponseCode)
        /// A reply with the right id could not be parsed, or a TCP reply did not match.
        case malformed(DNSWireError)
        /// The server could not be reached (refused, unreachable, bad address).
        case network(NetworkError)
        /// The UDP reply was truncated and the TCP retry failed.
        case truncatedThenTCPFailed(NetworkError)

        public var description: String {
            switch self {
            case .timedOut: "no reply"
            case .responseCode(let code): "answered \(code)"
            case .malformed(let error): "malformed reply (\(error))"
            case .network(let error): "unreachable (\(error))"
            case .truncatedThenTCPFailed(let error): "reply truncated and the TCP retry failed (\(error))"
            }
        }
    }

    /// The error for `failures`, with the code chosen from them (see the type's summary).
    public init(question: DNSQuestion, failures: [ServerFailure], fileID: StaticString = #fileID, line: UInt = #line) {
        self.question = question
        self.failures = failures
        self.location = "\(fileID):\(line)"
        var sawMalformed = false
        var sawOther = false
        for failure in failures {
            switch failure.reason {
            case .timedOut: continue
            case .malformed: sawMalformed = true
            default: sawOther = true
            }
        }
        if failures.isEmpty || sawOther {
            code = .dnsFailure
        } else if sawMalformed {
            code = .dnsMalformedResponse
        } else {
            code = .dnsTimeout
        }
    }

    /// The question and each server's failure.
    public var reason: String {
        let subject = "\(question.name) \(question.type)"
        guard !failures.isEmpty else { return "\(subject): no DNS server to ask" }
        return "\(subject): " + failures.map(\.description).joined(separator: "; ")
    }

    /// The same failure as a ``ClawPairError``, for the CLI's exit status and JSON.
    public var clawPairError: ClawPairError {
        let subject = "\(question.name) \(question.type)"
        let details = failures.map(\.description).joined(separator: "; ")
        switch code {
        case .dnsTimeout:
            return ClawPairError(
                code, "no DNS answer for \(subject): \(details)",
                remedy: "check that the DNS server is reachable (tailnet up, split DNS set), or pass --dns SERVER")
        case .dnsMalformedResponse:
            return ClawPairError(code, "malformed DNS answer for \(subject): \(details)")
        default:
            return ClawPairError(
                code,
                failures.isEmpty
                    ? "no DNS server to ask for \(subject)" : "DNS lookup of \(subject) failed: \(details)",
                remedy: failures.isEmpty ? "add a nameserver to /etc/resolv.conf or pass --dns SERVER" : nil)
        }
    }
}
