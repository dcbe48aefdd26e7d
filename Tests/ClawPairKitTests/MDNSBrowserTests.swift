import Testing
@testable import ClawPairKit

/// MDNSBrowser without any daemon: argument errors, and the error when avahi-daemon and
/// D-Bus are unreachable.
@Suite struct MDNSBrowserTests {
    @Test func invalidServiceTypeIsAUsageErrorBeforeAnyDaemonIsAsked() async {
        let browser = MDNSBrowser(options: MDNSBrowseOptions(serviceType: "openclaw"))
        await #expect(throws: ClawPairError(.mdnsInvalidServiceType, "")) {
            try await browser.browse(timeout: .seconds(1))
        }
    }

    @Test func unknownInterfaceIsAnEnvironmentError() async {
        let browser = MDNSBrowser(options: MDNSBrowseOptions(interfaceName: "clawpair-nope0"))
        let error = await #expect(throws: ClawPairError.self) { try await browser.browse(timeout: .seconds(1)) }
        #expect(error?.code == .mdnsInterfaceNotFound)
        #expect(error?.code.category == .environment)
        #expect(error?.message.contains("clawpair-nope0") == true)
    }

    /// The loop's thread gets a mount namespace whose /run is an empty tmpfs: no D-Bus
    /// system bus socket, so avahi-client cannot reach avahi-daemon — exactly what
    /// a machine without D-Bus or avahi-daemon looks like.
    @Test(.enabled(if: MDNSTestHosts.canRun, "needs root to give the browse thread an empty /run (mount namespace)"))
    func withoutDBusTheBrowseFailsWithTheRemedy() async {
        var browser = MDNSBrowser()
        browser.loopThreadPrologue = { () throws(ClawPairError) in try LinuxNamespaces.isolateRun() }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: ClawPairError.self) { try await browser.browse(timeout: .seconds(30)) }
        // Reported at once, not after the timeout (the bound is loose for loaded machines).
        #expect(start.duration(to: clock.now) < .seconds(10))
        #expect(error?.code == .mdnsUnavailable)
        #expect(error?.code.category == .environment)
        // avahi-client reports a missing bus as a missing daemon; the number stays.
        #expect(error?.message.contains("(Avahi error -26 (Daemon not running))") == true)
        #expect(error?.message.contains("D-Bus system bus is not running") == true)
        // In the service manager's words, as doctor gives them (issue 15 §6: not systemctl everywhere).
        let manager = ServiceManager.detect()
        #expect(error?.remedy?.contains("\(manager.startCommand("dbus")) && \(manager.startCommand("avahi-daemon"))") == true)
        #expect(error?.remedy?.contains("apt-get install") == true)

        // The streaming mode ends with the same error.
        let stream = browser.events()
        await #expect(throws: ClawPairError(.mdnsUnavailable, "")) {
            for try await _ in stream {}
        }
    }
}
