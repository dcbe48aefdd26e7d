/// A system call that failed: its name and the `errno` it left.
///
/// Made only by ``Syscalls``. The errno is kept as a number, not folded into a message, so
/// callers can switch on it (`ECONNREFUSED` is a verdict, `EMFILE` a resource problem) and a
/// report can show it.
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
}

extension SystemError: CustomStringConvertible {
    /// `connect: Connection refused (errno 111)`.
    public var description: String { "\(call): \(message) (errno \(errno))" }
}
