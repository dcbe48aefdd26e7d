/// The one owner of an open descriptor: it closes it exactly once, when the owner is
/// released. Sockets hold one; nothing else closes their descriptor.
///
/// A class (not a `~Copyable` struct) so sockets can be shared across the child tasks of a
/// task group; ARC decides when the last user is done.
package final class FileDescriptor: Sendable {
    /// The descriptor. Valid for as long as this object lives.
    package let rawValue: Int32

    /// Takes ownership of `rawValue`; the caller must not close it.
    package init(taking rawValue: Int32) {
        precondition(rawValue >= 0, "FileDescriptor(taking: \(rawValue))")
        self.rawValue = rawValue
    }

    deinit { Syscalls.close(rawValue) }
}
