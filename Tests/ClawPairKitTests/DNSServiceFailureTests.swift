import Testing
@testable import ClawPairKit

@Suite struct DNSServiceFailureTests {
    @Test func missingDaemonIsAnEnvironmentErrorWithTheRemedy() {
        let error = DNSServiceFailure(code: -65537, operation: .browse).error(systemBus: true, serviceManager: .systemd)
        #expect(error.code == .mdnsUnavailable)
        #expect(error.code.category == .environment)
        #expect(error.message.contains("-65537"))
        #expect(error.message.contains("kDNSServiceErr_Unknown"))
        #expect(error.message.contains("avahi-daemon is not running"))
        #expect(error.remedy?.contains("systemctl start avahi-daemon") == true)
        #expect(error.remedy?.contains("apt-get install avahi-daemon") == true)
    }

    @Test func missingBusNamesDBus() {
        let error = DNSServiceFailure(code: -65537, operation: .browse).error(systemBus: false, serviceManager: .systemd)
        #expect(error.code == .mdnsUnavailable)
        #expect(error.message.contains("D-Bus system bus is not running"))
        #expect(error.remedy?.contains("systemctl start dbus && systemctl start avahi-daemon") == true)
    }

    @Test func mDNSResponderStyleServiceNotRunningMeansTheSame() {
        let error = DNSServiceFailure(code: -65563, operation: .browse).error(systemBus: nil)
        #expect(error.code == .mdnsUnavailable)
        #expect(error.message.contains("-65563 (kDNSServiceErr_ServiceNotRunning)"))
    }

    @Test func otherCodesKeepTheirNumber() {
        let key = MDNSInstanceKey(name: "GW", serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: 2)
        #expect(DNSServiceFailure(code: -65553, operation: .browse).error(systemBus: true).code == .mdnsRefused)
        #expect(DNSServiceFailure(code: -65552, operation: .browse).error(systemBus: true).code == .mdnsInterfaceNotFound)
        let other = DNSServiceFailure(code: -65540, operation: .resolve(key)).error(systemBus: true)
        #expect(other.code == .mdnsFailed)
        #expect(other.message == "mDNS failed while resolving 'GW' (DNSServiceErrorType -65540 (kDNSServiceErr_BadParam))")
        #expect(DNSServiceFailure(code: -1, operation: .browse).error(systemBus: true).message.hasSuffix("(DNSServiceErrorType -1)"))
    }

    @Test func theCodeMatchesTheDiscoveryEngineersCode() {
        // Codes compare by raw value: ClawPairWire's `mdnsUnavailable` is the same code.
        #expect(ClawPairError.Code.mdnsUnavailable == ClawPairError.Code("MDNS_UNAVAILABLE", .environment))
    }
}
