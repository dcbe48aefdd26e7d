/// Why a socket operation failed, as a verdict a caller can switch on; the
/// ``LayerError/systemError`` behind it, when there is one, keeps the call and `errno`.
public typealias NetworkError = LayerError<NetworkFailure>

/// The family of ``NetworkError``; its detail is the failed system call, when there is one.
public enum NetworkFailure: ErrorFamily {
    public typealias Detail = SystemError?

    public static func describe(_ error: NetworkError) -> String {
        error.systemError.map { "\(error.reason): \($0)" } ?? error.reason
    }
}

extension LayerError where Family == NetworkFailure {
    public init(
        _ code: Code, _ reason: String, systemError: SystemError? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(code, reason, detail: systemError, fileID: fileID, line: line)
    }

    /// The failed call and its errno, when the failure came from the kernel.
    public var systemError: SystemError? { detail }
}

extension ErrorCode where Family == NetworkFailure {
    /// Nothing listens there: a TCP reset, or an ICMP port-unreachable for UDP.
    public static let connectionRefused = Self("connectionRefused")
    /// The deadline passed first.
    public static let timedOut = Self("timedOut")
    /// No route: network or host unreachable, address not available here, the address
    /// family is off (IPv6 disabled), or a local firewall rule said no.
    public static let unreachable = Self("unreachable")
    /// The peer reset or closed the connection while data was still expected.
    public static let closedByPeer = Self("closedByPeer")
    /// The address cannot be used (an unknown interface in its zone, a wrong family).
    public static let addressInvalid = Self("addressInvalid")
    /// Any other failure of the kernel (out of descriptors, buffers, …).
    public static let system = Self("system")
}

extension NetworkError {
    /// Classifies a failed call by its errno. `action` says what was being done
    /// ("connecting to 192.0.2.1:53").
    package init(_ error: SystemError, while action: String, fileID: StaticString = #fileID, line: UInt = #line) {
        let code: Code
        switch error.errno {
        case Errno.connectionRefused: code = .connectionRefused
        case Errno.timedOut: code = .timedOut
        // EPERM/EACCES on connect or send: a local firewall rule rejected the packet.
        case Errno.networkUnreachable, Errno.noRouteToHost, Errno.networkDown, Errno.hostIsDown,
            Errno.addressNotAvailable, Errno.addressFamilyNotSupported, Errno.notPermitted, Errno.permissionDenied:
            code = .unreachable
        case Errno.connectionReset, Errno.brokenPipe, Errno.connectionAbort: code = .closedByPeer
        default: code = .system
        }
        self.init(code, action, systemError: error, fileID: fileID, line: line)
    }
}
