#if canImport(Glibc)
    internal import Glibc
#endif

/// Every raw socket, pipe, poll, read, sleep and thread call ClawPairKit makes, in one place
/// (after swift-nio's `System.swift`). The other files of this folder own the remaining kinds
/// of OS resource (directories, file metadata, processes, interfaces, the resolver); no file
/// outside it calls the C library (SystemLayerTests).
///
/// The rules, applied here once so no caller has to remember them:
/// - `EINTR` is retried (a signal arrived; the call did nothing). Exceptions are noted where
///   a retry would be wrong (`close`, `connect`).
/// - `EAGAIN`/`EWOULDBLOCK` on a non-blocking descriptor is a result, ``IOResult/wouldBlock``,
///   not an error: the caller waits for readiness and calls again.
/// - `EBADF` and `EFAULT` mean clawpair passed a closed descriptor or a bad buffer. That is a
///   bug, not a condition to handle, so it traps with the call's name.
/// - Every other failure throws ``SystemError`` with the call's name and `errno`.
///
/// Descriptors are created close-on-exec, so a child process (a test's dnsmasq, `xdg-open`)
/// never inherits one; sockets are also non-blocking.
package enum Syscalls {
    /// The outcome of a call on a non-blocking descriptor.
    package enum IOResult<Value> {
        case processed(Value)
        case wouldBlock
    }

    /// The two socket types clawpair uses.
    package enum SocketType {
        case datagram
        case stream

        fileprivate var rawValue: Int32 {
            switch self {
            case .datagram: Int32(SOCK_DGRAM.rawValue)
            case .stream: Int32(SOCK_STREAM.rawValue)
            }
        }
    }

    /// What a non-blocking `connect` did.
    package enum ConnectResult {
        /// Connected at once (possible on loopback).
        case connected
        /// The handshake continues; wait for writability, then read `SO_ERROR`.
        case inProgress
    }

    // MARK: The wrapper every call goes through

    /// Runs `body` until it stops failing with `EINTR`; maps `-1` and `errno` as described
    /// on ``Syscalls``.
    @inline(__always)
    private static func retrying<T: FixedWidthInteger>(
        _ name: StaticString, wouldBlock allowed: Bool = false, _ body: () -> T
    ) throws(SystemError) -> IOResult<T> {
        while true {
            let result = body()
            guard result == -1 else { return .processed(result) }
            let code = Glibc.errno
            switch code {
            case EINTR:
                continue
            case EAGAIN where allowed:  // EWOULDBLOCK is the same value on Linux.
                return .wouldBlock
            case EBADF, EFAULT:
                preconditionFailure("\(name) failed with errno \(code) (\(errorText(code))): descriptor or buffer bug")
            default:
                throw SystemError(call: "\(name)", errno: code)
            }
        }
    }

    /// ``retrying(_:wouldBlock:_:)`` for calls that never legitimately return `EAGAIN`.
    @inline(__always)
    @discardableResult
    private static func blocking<T: FixedWidthInteger>(_ name: StaticString, _ body: () -> T) throws(SystemError) -> T {
        switch try retrying(name, body) {
        case .processed(let value): return value
        case .wouldBlock: preconditionFailure("\(name) reported EAGAIN without being asked to")
        }
    }

    // MARK: Sockets

    /// A new non-blocking, close-on-exec socket.
    package static func socket(family: Int32, type: SocketType) throws(SystemError) -> Int32 {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try blocking("socket") { Glibc.socket(family, type.rawValue | flags, 0) }
    }

    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is released even
    /// when `close` is interrupted, and a retry could close a descriptor another thread has
    /// just been given. Other errors (`EIO`) cannot be acted on by a socket's owner.
    package static func close(_ descriptor: Int32) {
        if Glibc.close(descriptor) == -1, Glibc.errno == EBADF {
            preconditionFailure("close(\(descriptor)) failed with EBADF: descriptor closed twice")
        }
    }

    /// Ends both directions of a connected socket without closing the descriptor: a read
    /// waiting in another task then sees end of stream. Errors (not connected) are moot.
    package static func shutdown(_ descriptor: Int32) {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Starts connecting. `EINTR` means the handshake goes on in the background (POSIX), so it
    /// is reported like `EINPROGRESS` rather than retried (a retry would say `EALREADY`).
    package static func connect(_ descriptor: Int32, to address: SocketAddress) throws(SystemError) -> ConnectResult {
        try connected(address.withSockAddr { pointer, length in Glibc.connect(descriptor, pointer, length) })
    }

    /// `connect` for a local socket, where a non-blocking connect completes at once or fails
    /// (`EAGAIN`: the listener's backlog is full). A name too long for `sun_path` fails with
    /// `ENAMETOOLONG`.
    package static func connect(_ descriptor: Int32, to address: UnixSocketAddress) throws(SystemError) -> ConnectResult {
        guard let result = address.withSockAddr({ Glibc.connect(descriptor, $0, $1) }) else {
            throw SystemError(call: "connect", errno: ENAMETOOLONG)
        }
        return try connected(result)
    }

    private static func connected(_ result: Int32) throws(SystemError) -> ConnectResult {
        guard result == -1 else { return .connected }
        let code = Glibc.errno
        switch code {
        case EINPROGRESS, EINTR: return .inProgress
        case EBADF, EFAULT: preconditionFailure("connect failed with errno \(code): descriptor or buffer bug")
        default: throw SystemError(call: "connect", errno: code)
        }
    }

    package static func bind(_ descriptor: Int32, to address: SocketAddress) throws(SystemError) {
        try blocking("bind") { address.withSockAddr { Glibc.bind(descriptor, $0, $1) } }
    }

    /// `bind` for a local socket; a name too long for `sun_path` fails with `ENAMETOOLONG`.
    package static func bind(_ descriptor: Int32, to address: UnixSocketAddress) throws(SystemError) {
        guard address.withSockAddr({ _, _ in true }) != nil else { throw SystemError(call: "bind", errno: ENAMETOOLONG) }
        try blocking("bind") { address.withSockAddr { Glibc.bind(descriptor, $0, $1) }! }
    }

    package static func listen(_ descriptor: Int32, backlog: Int32) throws(SystemError) {
        try blocking("listen") { Glibc.listen(descriptor, backlog) }
    }

    /// Accepts a connection as a non-blocking, close-on-exec descriptor.
    package static func accept(_ descriptor: Int32) throws(SystemError) -> IOResult<(Int32, SocketAddress?)> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let result = try retrying("accept4", wouldBlock: true) {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    if let accept4 = gnuAccept4 { return accept4(descriptor, address, &length, flags) }
                    return Glibc.accept(descriptor, address, &length)
                }
            }
        }
        switch result {
        case .wouldBlock:
            return .wouldBlock
        case .processed(let accepted):
            if gnuAccept4 == nil {
                // Without accept4 the flags are set after the fact; a fork in between could
                // leak the descriptor into a child, which accept4 exists to prevent.
                _ = Glibc.fcntl(accepted, F_SETFD, FD_CLOEXEC)
                _ = Glibc.fcntl(accepted, F_SETFL, Glibc.fcntl(accepted, F_GETFL) | O_NONBLOCK)
            }
            return .processed((accepted, SocketAddress(storage: storage, length: length)))
        }
    }

    private typealias Accept4 =
        @convention(c) (
            Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
        ) -> Int32

    /// glibc's `accept4`, which sets the flags atomically. Swift's Glibc module is built
    /// without `_GNU_SOURCE`, so GNU extensions are not imported and it is looked up at run
    /// time instead (every glibc since 2.10 has it).
    private static let gnuAccept4: Accept4? = gnuFunction("accept4", as: Accept4.self)

    /// A function of the C library that Swift's Glibc module does not import, or nil.
    private static func gnuFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = Glibc.dlsym(Glibc.dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// The address a socket is bound to (`getsockname`).
    package static func localAddress(_ descriptor: Int32) throws(SystemError) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try blocking("getsockname") {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.getsockname(descriptor, $0, &length) }
            }
        }
        return SocketAddress(storage: storage, length: length)
    }

    /// Sends on a connected socket. `MSG_NOSIGNAL`: a peer that has gone away is an `EPIPE`
    /// error, not a `SIGPIPE` that kills the process.
    package static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) -> IOResult<Int> {
        try retrying("send", wouldBlock: true) {
            bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Sends one datagram to `address`.
    package static func send(_ descriptor: Int32, _ bytes: [UInt8], to address: SocketAddress) throws(SystemError) -> IOResult<
        Int
    > {
        try retrying("sendto", wouldBlock: true) {
            bytes.withUnsafeBytes { buffer in
                address.withSockAddr { pointer, length in
                    Glibc.sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), pointer, length)
                }
            }
        }
    }

    /// Reads what is there, up to the buffer's size; 0 means the peer closed the stream.
    package static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
        -> IOResult<Int>
    {
        try retrying("recv", wouldBlock: true) { Glibc.recv(descriptor, buffer.baseAddress, buffer.count, 0) }
    }

    /// Reads one datagram and its source address.
    package static func receiveFrom(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
    ) throws(SystemError) -> IOResult<(Int, SocketAddress?)> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = try retrying("recvfrom", wouldBlock: true) {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.recvfrom(descriptor, buffer.baseAddress, buffer.count, 0, $0, &length)
                }
            }
        }
        switch result {
        case .wouldBlock: return .wouldBlock
        case .processed(let count): return .processed((count, SocketAddress(storage: storage, length: length)))
        }
    }

    /// `SO_REUSEADDR`, so a test server can bind a port another test just released.
    package static func setReuseAddress(_ descriptor: Int32) throws(SystemError) {
        try setOption(descriptor, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1, call: "setsockopt(SO_REUSEADDR)")
    }

    /// `IPV6_V6ONLY`, so an IPv6 listener does not also take the IPv4 port.
    package static func setIPv6Only(_ descriptor: Int32) throws(SystemError) {
        try setOption(
            descriptor, level: Int32(IPPROTO_IPV6), name: IPV6_V6ONLY, value: 1, call: "setsockopt(IPV6_V6ONLY)")
    }

    /// `TCP_NODELAY`: small frames go out at once instead of waiting for the previous
    /// segment's ACK (Nagle), which a peer's delayed ACK stretches to 40 ms.
    package static func setNoDelay(_ descriptor: Int32) throws(SystemError) {
        try setOption(descriptor, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1, call: "setsockopt(TCP_NODELAY)")
    }

    /// Whether `TCP_NODELAY` is set.
    package static func noDelay(_ descriptor: Int32) throws(SystemError) -> Bool {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try blocking("getsockopt(TCP_NODELAY)") {
            Glibc.getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length)
        }
        return value != 0
    }

    private static func setOption(
        _ descriptor: Int32, level: Int32, name: Int32, value: Int32, call: StaticString
    ) throws(SystemError) {
        var value = value
        try blocking(call) {
            Glibc.setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// The pending error of a socket (`SO_ERROR`), which also clears it: after a non-blocking
    /// connect turns writable, 0 means connected and anything else is why it failed.
    package static func pendingError(_ descriptor: Int32) throws(SystemError) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try blocking("getsockopt(SO_ERROR)") { Glibc.getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &value, &length) }
        return value
    }

    // MARK: Readiness

    /// One descriptor to ``poll(_:timeoutMilliseconds:)``, and after the call whether it is
    /// ready. Laid out as one `pollfd`, so an array of them is handed to the kernel as it is.
    package struct PollEntry {
        fileprivate var raw: pollfd

        package init(descriptor: Int32, waitingFor interest: IOReactor.Interest) {
            let events =
                switch interest {
                case .readable: Int16(POLLIN)
                case .writable: Int16(POLLOUT)
                }
            raw = pollfd(fd: descriptor, events: events, revents: 0)
        }

        package var descriptor: Int32 { raw.fd }

        /// Set by the last poll: ready, or an error or hang-up (which the next call on the
        /// descriptor reports).
        package var isReady: Bool { raw.revents != 0 }
    }

    /// Waits for events on `entries` for up to `timeoutMilliseconds` (-1: no limit).
    /// Returns how many entries are ready. `EINTR` returns 0 instead of retrying with the
    /// old timeout: the caller recomputes the time left from its deadlines anyway.
    package static func poll(_ entries: inout [PollEntry], timeoutMilliseconds: Int32) throws(SystemError) -> Int {
        let result = entries.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: pollfd.self) { Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        }
        guard result == -1 else { return Int(result) }
        let code = Glibc.errno
        switch code {
        case EINTR: return 0
        case EFAULT: preconditionFailure("poll failed with EFAULT: buffer bug")
        default: throw SystemError(call: "poll", errno: code)
        }
    }

    /// One `poll(2)` over `count` `struct pollfd`s that a C library laid out at `foreign` (Avahi's
    /// simple poll hands its own to a replacement poll function) and `extra`, so a loop waits
    /// on the library's descriptors and its own at once; both get their `revents`. Returns
    /// poll's result, 0 on `EINTR` (the library treats that as a timeout), -1 on a failure.
    package static func poll(
        foreign: UnsafeMutableRawPointer?, count: Int, plus extra: inout [PollEntry], timeoutMilliseconds: Int32
    ) -> Int32 {
        let theirs = foreign?.assumingMemoryBound(to: pollfd.self)
        var all = extra.map(\.raw)
        if let theirs { all += UnsafeBufferPointer(start: theirs, count: count) }
        let result = Glibc.poll(&all, nfds_t(all.count), timeoutMilliseconds)
        guard result != -1 else { return Glibc.errno == EINTR ? 0 : -1 }
        for index in extra.indices { extra[index].raw.revents = all[index].revents }
        for index in 0..<count { theirs?[index].revents = all[extra.count + index].revents }
        return result
    }

    /// A connected pair of non-blocking, close-on-exec datagram sockets: a byte sent on one
    /// wakes a thread that polls the other (the reactor's poll thread, the mDNS loop).
    /// (`eventfd` would do with one descriptor, but Swift's Glibc module does not import
    /// `sys/eventfd.h`; `socketpair` takes the flags atomically, as ``pipe()`` does.)
    package static func wakePair() throws(SystemError) -> (reading: Int32, writing: Int32) {
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        try blocking("socketpair") { Glibc.socketpair(AF_UNIX, type, 0, &descriptors) }
        return (descriptors[0], descriptors[1])
    }

    /// Sends a wake-up byte. A full buffer (`EAGAIN`) already holds a wake-up, so it is fine.
    package static func signal(wake descriptor: Int32) throws(SystemError) {
        var byte: UInt8 = 1
        _ = try retrying("send(wake)", wouldBlock: true) { Glibc.send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads every pending wake-up byte.
    package static func drain(wake descriptor: Int32) throws(SystemError) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let result = try retrying("recv(wake)", wouldBlock: true) {
                buffer.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress, $0.count, 0) }
            }
            guard case .processed(let count) = result, count > 0 else { return }
        }
    }

    // MARK: Pipes and files

    /// A blocking pipe whose ends are close-on-exec from the start (`pipe2(O_CLOEXEC)`): with
    /// `pipe` and a later `fcntl`, a child another thread spawns in between would inherit
    /// both ends and keep the pipe open.
    package static func pipe() throws(SystemError) -> (reading: Int32, writing: Int32) {
        var descriptors: [Int32] = [-1, -1]
        if let pipe2 = gnuPipe2 {
            try blocking("pipe2") { pipe2(&descriptors, O_CLOEXEC) }
        } else {
            try blocking("pipe") { Glibc.pipe(&descriptors) }
            for descriptor in descriptors { _ = Glibc.fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        return (descriptors[0], descriptors[1])
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

    /// glibc's `pipe2` (since 2.9), looked up like ``gnuAccept4``.
    private static let gnuPipe2: Pipe2? = gnuFunction("pipe2", as: Pipe2.self)

    /// Reads what a pipe or file holds, up to the buffer's size; 0 means end of file.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
        -> IOResult<Int>
    {
        try retrying("read", wouldBlock: true) { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    // MARK: Time

    /// Blocks the calling thread for `duration` (a thread of its own, or a short wait for a
    /// child to exit; never a task on the cooperative pool). A signal may end it early.
    package static func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }

    // MARK: Threads

    /// Runs `body` on a new detached thread.
    package static func spawnDetachedThread(_ body: @escaping @Sendable () -> Void) throws(SystemError) {
        final class Start {
            let body: @Sendable () -> Void
            init(body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let start = Unmanaged.passRetained(Start(body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        // pthread_create returns the error instead of setting errno.
        let result = pthread_create(
            &thread, &attributes,
            { argument in
                guard let argument else { return nil }
                let start = Unmanaged<Start>.fromOpaque(argument).takeRetainedValue()
                start.body()
                return nil
            }, start)
        if result != 0 {
            Unmanaged<Start>.fromOpaque(start).release()
            throw SystemError(call: "pthread_create", errno: result)
        }
    }

    // MARK: Text

    /// The C library's description of an errno value.
    package static func errorText(_ code: Int32) -> String {
        // glibc's strerror is thread-safe since 2.32 (a per-thread buffer for unknown codes).
        guard let text = Glibc.strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
