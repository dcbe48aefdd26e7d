#if canImport(Glibc)
    internal import Glibc
#endif

/// The `errno` values clawpair tells apart, named as swift-system's `Errno` names them, so
/// code outside this folder can switch on a ``SystemError/errno`` without the C library:
/// `case Errno.connectionRefused:`.
package enum Errno {
    package static let notPermitted = EPERM
    package static let noSuchFileOrDirectory = ENOENT
    package static let noMemory = ENOMEM
    package static let permissionDenied = EACCES
    package static let notDirectory = ENOTDIR
    package static let brokenPipe = EPIPE
    package static let outOfRange = ERANGE
    package static let addressFamilyNotSupported = EAFNOSUPPORT
    package static let addressNotAvailable = EADDRNOTAVAIL
    package static let networkDown = ENETDOWN
    package static let networkUnreachable = ENETUNREACH
    package static let connectionAbort = ECONNABORTED
    package static let connectionReset = ECONNRESET
    package static let timedOut = ETIMEDOUT
    package static let connectionRefused = ECONNREFUSED
    package static let hostIsDown = EHOSTDOWN
    package static let noRouteToHost = EHOSTUNREACH
}
