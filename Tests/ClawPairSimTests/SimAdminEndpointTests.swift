import Testing

@testable import ClawPairKit
@testable import ClawPairSim

/// The admin endpoint over a real socket, with the headers a web page in the user's browser
/// would send: a foreign Host (DNS rebinding), a foreign Origin, a form or text/plain POST
/// (a simple cross-site request needs no preflight). Each is refused before any route runs.
@Suite struct SimAdminEndpointTests {
    /// One raw HTTP/1.1 exchange; the status code and the body.
    static func exchange(_ sim: RunningSim, _ request: String) async throws -> (status: Int, body: String) {
        let port = try #require(sim.adminURL.split(separator: ":").last.flatMap { UInt16($0) })
        let deadline = ContinuousClock.now + .seconds(10)  // hang guard
        let connection = try await TCPConnection.connect(to: .loopbackIPv4(port: port), until: deadline, reactor: IOReactor())
        try await connection.write(Array(request.utf8), until: deadline)
        var response: [UInt8] = []
        while true {
            let bytes = try await connection.read(upTo: 4096, until: deadline)
            if bytes.isEmpty { break }
            response += bytes
        }
        let text = String(decoding: response, as: UTF8.self)
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, String(text.split(separator: "\r\n\r\n", maxSplits: 1).last ?? ""))
    }

    static func post(_ path: String, port: String, headers: [String], body: String = "") -> String {
        (["POST \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers + ["Content-Length: \(body.utf8.count)", "Connection: close", "", body])
            .joined(separator: "\r\n")
    }

    @Test func browserShapedRequestsAreRefusedAndChangeNothing() async throws {
        try await RunningSim.with { sim in
            let port = String(sim.adminURL.split(separator: ":").last ?? "")
            let json = "Content-Type: application/json"
            let refusals: [(String, Int)] = [
                // DNS rebinding: the page's own name, resolved to 127.0.0.1.
                ("POST /fault/drop-ticks HTTP/1.1\r\nHost: evil.example:\(port)\r\n\(json)\r\nContent-Length: 0\r\n\r\n", 403),
                ("GET /pending HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n", 403),
                ("GET /pending HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n", 403),
                ("GET /pending HTTP/1.1\r\n\r\n", 400),
                // CSRF: a cross-site page posting to the real name.
                (Self.post("/fault/drop-ticks", port: port, headers: [json, "Origin: http://evil.example"]), 403),
                (Self.post("/fault/drop-ticks", port: port, headers: [json, "Origin: null"]), 403),
                (Self.post("/fault/drop-ticks", port: port, headers: ["Content-Type: text/plain"]), 415),
                (Self.post("/fault/drop-ticks", port: port, headers: ["Content-Type: application/x-www-form-urlencoded"], body: "a=b"), 415),
                (Self.post("/fault/drop-ticks", port: port, headers: []), 415),
            ]
            for (request, status) in refusals {
                let answer = try await Self.exchange(sim, request)
                #expect(answer.status == status, "\(request.debugDescription) → \(answer)")
            }
            #expect(!sim.gateway.state.isArmed(.dropTicks))
            // What our own clients send still works.
            let allowed = try await Self.exchange(
                sim, Self.post("/fault/drop-ticks", port: port, headers: [json, "Origin: http://127.0.0.1:\(port)"]))
            #expect(allowed.status == 200, "\(allowed)")
            #expect(sim.gateway.state.isArmed(.dropTicks))
            let pending = try await Self.exchange(sim, "GET /pending HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n")
            #expect(pending.status == 200)
        }
    }
}
