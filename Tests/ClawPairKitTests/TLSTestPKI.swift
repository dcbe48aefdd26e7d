import ClawPairTestSupport
import Foundation
import Glibc

/// Certificates for the TLS tests, made once per test process with the `openssl` CLI, in a
/// directory removed when the process exits. Servers copy what they need into their own
/// ``TLSTestDirectory``; clients load trust from ``authorityFile``.
///
/// - `selfSigned`: RSA-2048, CN `openclaw-gateway`, SAN `DNS:openclaw-gateway, IP:127.0.0.1`
///   (what a real gateway makes for itself).
/// - `authority`: a test CA; `leaf` is signed by it for `gateway.test` and `127.0.0.1`;
///   `expired` is the same name and key, valid only from 2020-01-01 to 2021-01-01 (made with
///   `openssl ca -startdate/-enddate`, since OpenSSL 3.0's `x509 -days` cannot go back).
///
/// Fingerprints come from the CLI too (`x509 -fingerprint -sha256`, and the SPKI pipeline
/// curl documents), so the client's own hashing is checked against OpenSSL's tools.
struct TLSTestPKI: Sendable {
    struct Identity: Sendable {
        let certificatePEM: String
        let keyPEM: String
        /// `openssl x509 -noout -fingerprint -sha256`, e.g. `sha256 Fingerprint=AB:CD:…`.
        let fingerprintLine: String
        /// base64 SHA-256 of the DER SubjectPublicKeyInfo.
        let publicKeySHA256: String
    }

    let selfSigned: Identity
    let leaf: Identity
    let expired: Identity
    let authorityPEM: String
    /// A PEM file holding only the test CA: trust for the CA-signed leaves.
    let authorityFile: String

    /// Made on first use; a failure here fails every test that needs it.
    static let shared: Result<TLSTestPKI, any Error> = Result { try make() }

    private static let script = #"""
        set -e
        cd "$1"
        # Self-signed, as a gateway makes it.
        openssl req -x509 -newkey rsa:2048 -nodes -keyout self.key -out self.pem -days 30 \
            -subj /CN=openclaw-gateway -addext "subjectAltName=DNS:openclaw-gateway,IP:127.0.0.1"
        # A test CA and a leaf it signs.
        openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 30 -subj "/CN=clawpair test CA" \
            -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
        openssl req -new -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj /CN=gateway.test
        printf 'subjectAltName=DNS:gateway.test,IP:127.0.0.1\n' > leaf.ext
        openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile leaf.ext -out leaf.pem
        # The same leaf, long expired: `openssl ca` takes explicit start and end dates.
        : > index.txt
        echo 1000 > serial
        cat > ca.cnf <<EOF
        [ ca ]
        default_ca = test_ca
        [ test_ca ]
        database = index.txt
        new_certs_dir = .
        serial = serial
        default_md = sha256
        policy = any_name
        unique_subject = no
        [ any_name ]
        commonName = supplied
        EOF
        openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -in leaf.csr -out expired.pem \
            -startdate 20200101000000Z -enddate 20210101000000Z -extfile leaf.ext -notext
        for name in self leaf expired; do
            openssl x509 -in $name.pem -noout -fingerprint -sha256 > $name.fingerprint
            openssl x509 -in $name.pem -noout -pubkey | openssl pkey -pubin -outform der \
                | openssl dgst -sha256 -binary | base64 > $name.spki
        done
        """#

    private static func make() throws(TLSTestToolError) -> TLSTestPKI {
        let directory = try TLSTestDirectory(removedWhenReleased: false)
        // Kept until exit: a test's client may load a trust file at any time.
        keptDirectory = directory.path
        atexit { if let path = TLSTestPKI.keptDirectory { try? FileManager.default.removeItem(atPath: path) } }
        try TLSTestTool.run("/bin/sh", ["-c", script, "sh", directory.path])

        func read(_ name: String) throws(TLSTestToolError) -> String {
            do {
                return try String(contentsOfFile: directory.path + "/" + name, encoding: .utf8)
            } catch {
                throw TLSTestToolError(description: "reading \(name): \(error)")
            }
        }
        func identity(_ name: String, key: String) throws(TLSTestToolError) -> Identity {
            Identity(
                certificatePEM: try read("\(name).pem"), keyPEM: try read(key),
                fingerprintLine: try read("\(name).fingerprint").trimmingCharacters(in: .whitespacesAndNewlines),
                publicKeySHA256: try read("\(name).spki").trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return TLSTestPKI(
            selfSigned: try identity("self", key: "self.key"),
            leaf: try identity("leaf", key: "leaf.key"),
            expired: try identity("expired", key: "leaf.key"),
            authorityPEM: try read("ca.pem"),
            authorityFile: directory.path + "/ca.pem")
    }

    /// The generation directory, removed by an atexit handler (no test can hold it: a
    /// ``TLSTestDirectory`` would remove it as soon as the fixture's maker returned).
    nonisolated(unsafe) private static var keptDirectory: String?
}

struct TLSTestToolError: Error, CustomStringConvertible {
    let description: String
}

/// A fresh directory under the temporary directory, removed with everything in it when
/// the object goes.
final class TLSTestDirectory: @unchecked Sendable {
    let path: String
    private let removedWhenReleased: Bool

    init(removedWhenReleased: Bool = true) throws(TLSTestToolError) {
        self.removedWhenReleased = removedWhenReleased
        var template = Array((FileManager.default.temporaryDirectory.path + "/clawpair-tls-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TLSTestToolError(description: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Writes `text` to `name` in the directory and returns the file's path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    deinit { if removedWhenReleased { try? FileManager.default.removeItem(atPath: path) } }
}

/// Runs short-lived tools to completion (posix_spawn with a clean signal state, as
/// ``SpawnedProcess`` explains).
enum TLSTestTool {
    /// Runs `executable` and throws, with its output, unless it exits 0.
    static func run(_ executable: String, _ arguments: [String]) throws(TLSTestToolError) {
        let directory = try TLSTestDirectory()
        let logPath = directory.path + "/output"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let pid = try spawn(executable, arguments, &actions)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED && WEXITSTATUS == 0, spelled out: both are macros.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let output = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw TLSTestToolError(description: "\(executable) \(arguments.prefix(1)) failed (status \(status)):\n\(output)")
        }
    }

    /// Starts `executable` with a clean signal state (``withCleanSpawnAttributes(_:)``).
    static func spawn(
        _ executable: String, _ arguments: [String], _ actions: inout posix_spawn_file_actions_t
    ) throws(TLSTestToolError) -> pid_t {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = withCleanSpawnAttributes { posix_spawn(&pid, executable, &actions, $0, argv, environ) }
        guard result == 0 else {
            throw TLSTestToolError(description: "posix_spawn \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }
}
