#if canImport(Glibc)
    internal import Glibc
#endif

/// A system call that failed: its name and the `errno` it left.
///
/// Made by ``Syscalls`` and the other files of `System/`, or by ``current(call:)`` right
/// after a C library call that sets `errno`. The errno is kept as a number, not folded into
/// a message, so callers can switch on it (``Errno/connectionRefused`` is a verdict, `EMFILE`
/// a resource problem) and a report can show it.
public struct SystemError: Error, Sendable, Hashable {
    /// The call that failed, e.g. `connect`.
    public let call: String
    /// The `errno` value it set (or, for calls like `pthread_create`, the error it returned).
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The C library's text for ``errno``, e.g. `Connection refused`.
    public var message: String { Syscalls.errorText(errno) }

    /// The error the C library call `call` just left in this thread's `errno` (a library's
    /// call, such as libqrencode's): read it before anything else can overwrite it.
    package static func current(call: String) -> SystemError {
        SystemError(call: call, errno: Glibc.errno)
    }
}

extension SystemError: CustomStringConvertible {
    /// `connect: Connection refused (errno 111)`.
    public var description: String { "\(call): \(message) (errno \(errno))" }
}
