// A host program for LinkedHostTests: it links the system's OpenSSL and SQLite itself
// (Package.swift) and also uses ClawPairKit, which opens the same libraries through its
// clawpair_* forwarders. `symbols` reports where its own references bind and uses both its
// own SQLite and ClawPairKit's; `hidden` reports what ClawPairKit throws when the test has
// hidden libqrencode and libzbar, and that the process carries on.
import CClawShims
import ClawPairKit
import COpenSSL
import CSQLite
import Foundation
import Glibc

/// The file mapped at `address`, from /proc/self/maps: what dladdr would say (Swift's Glibc
/// module does not offer dladdr, a GNU extension).
func file(holding address: UnsafeRawPointer) -> String {
    let target = UInt(bitPattern: address)
    // getline, not String(contentsOfFile:), which came back short for this file (a /proc
    // file's size reads 0).
    guard let maps = fopen("/proc/self/maps", "r") else { return "unknown" }
    defer { fclose(maps) }
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, maps) > 0, let buffer {
        // start-end perms offset dev inode path
        let fields = String(cString: buffer).split(whereSeparator: { $0 == " " || $0 == "\n" })
        let range = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
        if fields.count >= 6, range.count == 2, range[0] <= target, target < range[1] { return String(fields[5]) }
    }
    return "unknown"
}

func address<Function>(_ function: Function) -> UnsafeRawPointer {
    unsafeBitCast(function, to: UnsafeRawPointer.self)
}

typealias SSLRead = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32
typealias SQLiteStep = @convention(c) (OpaquePointer?) -> Int32

func symbols() throws {
    // The host's own references, and clawpair's forwarders as the control.
    print("SSL_read", file(holding: address(SSL_read as SSLRead)))
    print("sqlite3_step", file(holding: address(sqlite3_step as SQLiteStep)))
    print("clawpair_SSL_read", file(holding: address(clawpair_SSL_read as SSLRead)))
    print("clawpair_sqlite3_step", file(holding: address(clawpair_sqlite3_step as SQLiteStep)))

    // The host's own SQLite and OpenSSL, called directly.
    var database: OpaquePointer?
    guard sqlite3_open_v2(":memory:", &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { throw Failure("sqlite3_open_v2") }
    defer { sqlite3_close_v2(database) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, "SELECT 42", -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW
    else { throw Failure("SELECT 42") }
    print("own sqlite3_step", sqlite3_column_int64(statement, 0))
    sqlite3_finalize(statement)
    guard let context = SSL_CTX_new(TLS_client_method()) else { throw Failure("SSL_CTX_new") }
    SSL_CTX_free(context)
    print("own SSL_CTX_new ok")

    // ClawPairKit's, through its forwarders, in the same process.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linked-host-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = try GatewayRegistry(path: directory.appendingPathComponent(GatewayRegistry.fileName).path)
    print("clawpair registry focus", try registry.focusedID().map { "\($0)" } ?? "none")
    let key = try Ed25519KeyPair.generate()
    let signature = key.sign([1, 2, 3])
    print("clawpair ed25519 verified", Ed25519.verify(signature: signature, of: [1, 2, 3], publicKey: key.rawPublicKey))
}

func hidden() {
    func report(_ label: String, _ error: ClawPairError) {
        print(label, error.code, error.code.category, "|", error.message, "|", error.remedy ?? "")
    }
    do {
        _ = try QRMatrix(encoding: "ws://192.168.1.20:18789")
        print("qrencode encoded")
    } catch {
        report("qrencode", error)
    }
    do {
        // A blank image: the grid reader finds nothing, so the scan needs zbar.
        _ = try QRScanner().scan(GrayImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 64)))
        print("zbar scanner made")
    } catch {
        report("zbar", error)
    }
    print("still running")
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "\(description) failed" }
}

switch CommandLine.arguments.dropFirst().first {
case "symbols": try symbols()
case "hidden": hidden()
default:
    FileHandle.standardError.write(Data("usage: ClawPairLinkedHost symbols|hidden\n".utf8))
    exit(2)
}
