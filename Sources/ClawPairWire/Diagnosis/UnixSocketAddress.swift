/// Where a local stream socket listens: a file system path or a Linux abstract name.
public enum UnixSocketAddress: Sendable, Hashable {
    case path(String)
    /// An abstract socket name (no file; written `@name` by `ss`).
    case abstract(String)
}

extension UnixSocketAddress: CustomStringConvertible {
    /// The path, or `@name` for an abstract socket.
    public var description: String {
        switch self {
        case .path(let path): path
        case .abstract(let name): "@" + name
        }
    }
}
