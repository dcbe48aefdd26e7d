import Glibc
import Testing
@testable import ClawPairKit

@Suite struct ProcessTableTests {
    @Test func matchesCommByNameOrNamePrefix() {
        let directory = FixtureDirectory()
        directory.write("proc/10/comm", "avahi-daemon\n")
        directory.write("proc/9/comm", "avahi-daemon: chroot helper\n")
        directory.write("proc/11/comm", "avahi-daemonx\n")
        directory.write("proc/12/comm", "bash\n")
        directory.write("proc/self/comm", "avahi-daemon\n")
        directory.makeDirectory("proc/13")
        #expect(ProcessTable.processIDs(named: "avahi-daemon", procPath: directory("proc")) == [9, 10])
    }

    @Test func missingProcGivesNone() {
        let directory = FixtureDirectory()
        #expect(ProcessTable.processIDs(named: "avahi-daemon", procPath: directory("proc")).isEmpty)
    }

    /// The real /proc: this test process is found by its own name and namespace.
    @Test func findsThisProcessInTheRealProc() throws {
        let bytes = try FileIO.readAll(path: "/proc/self/comm")
        let name = String(decoding: bytes, as: UTF8.self).trimmingTrailingNewlines()
        #expect(ProcessTable.processIDs(named: name, procPath: "/proc").contains(getpid()))
    }
}
