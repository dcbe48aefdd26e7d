import Foundation
import Glibc

/// `openssl s_server` on 127.0.0.1 at a kernel-chosen port, for one test; ended by its PID.
///
/// Its stdin is a pipe this object holds open: s_server sends what arrives there to the
/// client, and quits when stdin ends (so /dev/null would not do). Its stdout (and stderr)
/// go to a log: the handshake summary, `-tlsextdebug`'s list of the client's extensions
/// (SNI shows as `server name`), and every byte of application data it receives, verbatim.
final class TLSTestServer: @unchecked Sendable {
    let port: UInt16
    private let pid: pid_t
    private let input: Int32
    private let directory: TLSTestDirectory
    private let logPath: String
    private var stopped = false

    /// How long s_server gets to start listening: it loads a key and binds, a few ms, but
    /// the machine may be busy with parallel tests.
    static let startTimeout: Duration = .seconds(10)

    init(_ identity: TLSTestPKI.Identity, arguments extra: [String] = []) async throws {
        directory = try TLSTestDirectory()
        let certificate = try directory.write(identity.certificatePEM, to: "server.pem")
        let key = try directory.write(identity.keyPEM, to: "server.key")
        logPath = directory.path + "/server.log"

        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw TLSTestToolError(description: "pipe failed") }
        // Close-on-exec, so servers started in parallel by other tests do not inherit them.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the child's fd 0; the originals close at exec.
        posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-naccept", "1", "-tlsextdebug"] + extra
        do {
            pid = try TLSTestTool.spawn("/usr/bin/openssl", arguments, &actions)
        } catch {
            close(pipe[0])
            close(pipe[1])
            throw error
        }
        close(pipe[0])
        input = pipe[1]

        // "ACCEPT 127.0.0.1:PORT" once it listens.
        let deadline = ContinuousClock.now + Self.startTimeout
        var found: UInt16?
        while found == nil && ContinuousClock.now < deadline {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let line = log.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT 127.0.0.1:") }) {
                found = UInt16(line.dropFirst("ACCEPT 127.0.0.1:".count))
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        guard let found else {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
            close(input)
            throw TLSTestToolError(description: "s_server did not start:\n\((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
        }
        port = found
    }

    /// What s_server printed so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The log from the end of the handshake summary (`CIPHER is …`) on: where received
    /// application data would appear. Empty until the handshake finished on the server.
    var logAfterHandshake: [Substring] {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("CIPHER is ") }) else { return [] }
        return Array(lines[(start + 1)...])
    }

    /// Makes s_server send `text` to the client.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    }

    /// Waits until the log contains `text`; false at the timeout.
    func waitForLog(containing text: String, timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if log.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return log.contains(text)
    }

    /// SIGTERM by PID, then SIGKILL after 2 s; closes stdin; removes the files.
    func stop() {
        guard !stopped else { return }
        stopped = true
        close(input)
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(2)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    deinit { stop() }
}
