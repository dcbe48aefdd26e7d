/// Serves ``DaemonStatusProtocol`` on the 0600 socket in the state directory, one child
/// task per client, until cancelled.
struct DaemonStatusServer: Sendable {
    let listener: LocalStreamListener
    let supervisor: DaemonSupervisor
    let log: DaemonLog

    func run() async {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                let connection: LocalStreamConnection
                do { connection = try await listener.accept() } catch {
                    if Task.isCancelled { return }
                    log.event("status socket", fields: [("error", "\(error)")])
                    try? await Task.sleep(for: .milliseconds(100))
                    continue
                }
                group.addTask { await serve(connection) }
            }
        }
    }

    private func serve(_ connection: LocalStreamConnection) async {
        guard let request = try? await readRequest(connection) else { return }
        switch request {
        case DaemonStatusProtocol.statusRequest:
            try? await connection.write(supervisor.snapshot().serialized() + "\n", until: .now + DaemonStatusProtocol.ioTimeout)
        case DaemonStatusProtocol.watchRequest:
            for await object in supervisor.watch() {
                do { try await connection.write(object.serialized() + "\n", until: .now + DaemonStatusProtocol.ioTimeout) } catch { return }
            }
        default:
            let error: JSONValue = ["error": ["code": .string(ClawPairError.Code.usage.rawValue), "message": "unknown request"]]
            try? await connection.write(error.serialized() + "\n", until: .now + DaemonStatusProtocol.ioTimeout)
        }
    }

    /// The request line, without its newline.
    private func readRequest(_ connection: LocalStreamConnection) async throws -> String? {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + DaemonStatusProtocol.ioTimeout
        while !bytes.contains(0x0A) {
            let chunk = try await connection.read(upTo: DaemonStatusProtocol.maximumRequestBytes, until: deadline)
            if chunk.isEmpty { break }
            bytes += chunk
            guard bytes.count <= DaemonStatusProtocol.maximumRequestBytes else { return nil }
        }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }
}
