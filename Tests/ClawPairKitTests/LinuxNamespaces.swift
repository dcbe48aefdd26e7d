import Glibc
import ClawPairKit

/// Moves the calling thread (only it) into other namespaces, for tests that run a browse
/// "inside" a namespace host. `setns` and `unshare` are looked up with `dlsym` because
/// Swift's Glibc module leaves out everything behind _GNU_SOURCE.
enum LinuxNamespaces {
    // <linux/sched.h>
    static let cloneFS: Int32 = 0x0000_0200
    static let cloneNewNS: Int32 = 0x0002_0000
    static let cloneNewNet: Int32 = 0x4000_0000

    private typealias UnshareFunction = @convention(c) (Int32) -> Int32
    private typealias SetNSFunction = @convention(c) (Int32, Int32) -> Int32

    private static func failure(_ what: String) -> ClawPairError {
        ClawPairError(.internalError, "\(what): \(String(cString: strerror(errno)))")
    }

    static func unshare(_ flags: Int32) throws(ClawPairError) {
        guard let symbol = dlsym(nil, "unshare") else { throw ClawPairError(.internalError, "no unshare in libc") }
        guard unsafeBitCast(symbol, to: UnshareFunction.self)(flags) == 0 else { throw failure("unshare") }
    }

    static func setns(path: String, type: Int32) throws(ClawPairError) {
        guard let symbol = dlsym(nil, "setns") else { throw ClawPairError(.internalError, "no setns in libc") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open \(path)") }
        defer { close(descriptor) }
        guard unsafeBitCast(symbol, to: SetNSFunction.self)(descriptor, type) == 0 else { throw failure("setns \(path)") }
    }

    /// Joins the network and mount namespaces of process `pid`. The thread first stops
    /// sharing its filesystem attributes with the process's other threads: the kernel
    /// refuses a mount namespace change to a thread that shares them.
    static func enter(pid: Int32) throws(ClawPairError) {
        try unshare(cloneFS)
        try setns(path: "/proc/\(pid)/ns/net", type: cloneNewNet)
        try setns(path: "/proc/\(pid)/ns/mnt", type: cloneNewNS)
    }

    /// Gives the thread a private mount namespace with an empty tmpfs on /run: no D-Bus
    /// system bus socket, hence no avahi-daemon, whatever runs on the machine.
    static func isolateRun() throws(ClawPairError) {
        try unshare(cloneFS | cloneNewNS)
        // Private first, so the tmpfs cannot propagate to the machine's mount namespace.
        guard mount(nil, "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else { throw failure("make / private") }
        guard mount("tmpfs", "/run", "tmpfs", 0, "mode=0755") == 0 else { throw failure("mount tmpfs on /run") }
    }
}
