/// The order and timing of the attempts for one unicast DNS query, decided before any packet
/// is sent (tailscale netcheck's "plan, then execute"): each server in turn, in the order
/// given, with a fixed number of UDP transmissions each waited on for a fixed time.
///
/// What the plan cannot know is left to ``UnicastDNSClient`` as reactions: a truncated reply
/// is asked again over TCP (``tcpTimeout``), a `FORMERR` to an EDNS query is asked again
/// without EDNS, a server that answers with an error or garbage is left at once for the next,
/// and the caller's deadline cuts every wait short.
public struct UnicastDNSQueryPlan: Sendable, Hashable {
    /// One server's share of the query.
    public struct Turn: Sendable, Hashable {
        /// The server asked in this turn.
        public var server: DNSServerAddress
        /// How long to wait after each UDP transmission; one entry per transmission. Replies
        /// to an earlier transmission are still accepted while waiting for a later one (the
        /// same socket and id are kept), so a slow answer is never thrown away.
        public var udpWaits: [Duration]

        public init(server: DNSServerAddress, udpWaits: [Duration]) {
            self.server = server
            self.udpWaits = udpWaits
        }
    }

    /// The servers' turns, in the order they are asked.
    public var turns: [Turn]
    /// The limit for a TCP retry (connect, send, and read the reply) after a truncated UDP
    /// reply.
    public var tcpTimeout: Duration

    public init(turns: [Turn], tcpTimeout: Duration) {
        self.turns = turns
        self.tcpTimeout = tcpTimeout
    }

    /// How long one UDP transmission is waited on before it is sent again.
    ///
    /// The servers asked are not recursive resolvers crossing the internet (glibc's 5 s
    /// default is sized for those) but the split-DNS server a gateway publishes its zone on:
    /// CoreDNS on its tailnet address, answering from memory. A tailnet round trip is tens of
    /// milliseconds direct and a few hundred through a DERP relay; 700 ms is twice a slow
    /// relayed round trip, so a reply still in flight is not given up on, while two
    /// transmissions (1.4 s) fit in the 2 s a browse waits by default (the gateway's own
    /// discovery gives up after 2 s too) with time left for a TCP retry or the next server.
    public static let udpTryTimeout: Duration = .milliseconds(700)

    /// How many times a query is sent to one server over UDP. The second transmission
    /// covers one lost datagram, the common kind of loss; a server that missed two in a row
    /// is more likely down than unlucky, and the next server is the better use of the time.
    public static let udpTransmissions = 2

    /// The limit for the TCP retry after a truncated reply. The truncated reply proved the
    /// server is up and near, so connecting and answering take about two round trips; 1.5 s
    /// only bounds a server whose TCP port is filtered while its UDP port answers.
    public static let tcpRetryTimeout: Duration = .milliseconds(1500)

    /// The plan for `servers`: each, in order, gets `transmissions` UDP transmissions waited
    /// on for `tryTimeout` each. Duplicate servers are asked once. A count below 1 counts as 1.
    public static func make(
        servers: [DNSServerAddress], tryTimeout: Duration = udpTryTimeout, transmissions: Int = udpTransmissions,
        tcpTimeout: Duration = tcpRetryTimeout
    ) -> UnicastDNSQueryPlan {
        var seen = Set<DNSServerAddress>()
        let turns = servers.filter { seen.insert($0).inserted }.map {
            Turn(server: $0, udpWaits: Array(repeating: tryTimeout, count: max(1, transmissions)))
        }
        return UnicastDNSQueryPlan(turns: turns, tcpTimeout: tcpTimeout)
    }

    /// The longest the plan can take when every server stays silent (no TCP retries).
    public var worstCaseUDPDuration: Duration {
        turns.reduce(.zero) { total, turn in turn.udpWaits.reduce(total, +) }
    }
}
