import Glibc
import Testing

@testable import ClawPairKit

@Suite struct NetworkErrorTests {
    @Test(arguments: [
        (ECONNREFUSED, NetworkError.Code.connectionRefused), (ETIMEDOUT, .timedOut), (ENETUNREACH, .unreachable),
        (EHOSTUNREACH, .unreachable), (EADDRNOTAVAIL, .unreachable), (EAFNOSUPPORT, .unreachable),
        (EPERM, .unreachable),
        (ECONNRESET, .closedByPeer), (EPIPE, .closedByPeer), (EMFILE, .system), (ENOBUFS, .system),
    ])
    func classifiesErrno(errno: Int32, code: NetworkError.Code) {
        let error = NetworkError(SystemError(call: "connect", errno: errno), while: "connecting to 192.0.2.1:53")
        #expect(error.code == code)
        #expect(error.systemError?.errno == errno)
        #expect(error.systemError?.call == "connect")
    }

    @Test func describesTheCallAndErrno() {
        let error = NetworkError(SystemError(call: "connect", errno: ECONNREFUSED), while: "connecting to 127.0.0.1:9")
        #expect(error.description == "connecting to 127.0.0.1:9: connect: Connection refused (errno \(ECONNREFUSED))")
    }

    @Test func comparesByCodeOnly() {
        #expect(NetworkError(.timedOut, "a") == NetworkError(.timedOut, "b"))
        #expect(NetworkError(.timedOut, "a") != NetworkError(.unreachable, "a"))
    }
}
