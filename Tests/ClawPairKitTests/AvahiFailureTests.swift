import Testing
@testable import ClawPairKit

@Suite struct AvahiFailureTests {
    @Test func missingDaemonIsAnEnvironmentErrorWithTheRemedy() {
        let error = AvahiFailure(code: -26, operation: .browse).error(systemBus: true, serviceManager: .systemd)
        #expect(error.code == .mdnsUnavailable)
        #expect(error.code.category == .environment)
        #expect(error.message.contains("Avahi error -26 (Daemon not running)"))
        #expect(error.message.contains("avahi-daemon is not running"))
        #expect(error.remedy?.contains("systemctl start avahi-daemon") == true)
        #expect(error.remedy?.contains("apt-get install avahi-daemon") == true)
    }

    @Test func missingBusNamesDBus() {
        let error = AvahiFailure(code: -22, operation: .browse).error(systemBus: false, serviceManager: .systemd)
        #expect(error.code == .mdnsUnavailable)
        #expect(error.message.contains("D-Bus system bus is not running"))
        #expect(error.remedy?.contains("systemctl start dbus && systemctl start avahi-daemon") == true)
    }

    @Test func aLostConnectionMeansTheSame() {
        let error = AvahiFailure(code: -23, operation: .browse).error(systemBus: nil)
        #expect(error.code == .mdnsUnavailable)
        #expect(error.message.contains("-23 (Daemon connection failed)"))
    }

    @Test func otherCodesKeepTheirNumber() {
        let key = MDNSInstanceKey(name: "GW", serviceType: "_openclaw-gw._tcp.", domain: "local.", interfaceIndex: 2)
        #expect(AvahiFailure(code: -16, operation: .browse).error(systemBus: true).code == .mdnsRefused)
        #expect(AvahiFailure(code: -17, operation: .browse).error(systemBus: true).code == .mdnsRefused)
        #expect(AvahiFailure(code: -20, operation: .browse).error(systemBus: true).code == .mdnsRefused)
        #expect(AvahiFailure(code: -27, operation: .browse).error(systemBus: true).code == .mdnsInterfaceNotFound)
        let other = AvahiFailure(code: -51, operation: .resolve(key)).error(systemBus: true)
        #expect(other.code == .mdnsFailed)
        #expect(other.message == "mDNS failed while resolving 'GW' (Avahi error -51 (Invalid argument))")
        #expect(AvahiFailure(code: -99, operation: .browse).error(systemBus: true).message.hasSuffix("(Avahi error -99)"))
    }

    @Test func theCodeMatchesTheDiscoveryEngineersCode() {
        // Codes compare by raw value: ClawPairWire's `mdnsUnavailable` is the same code.
        #expect(ClawPairError.Code.mdnsUnavailable == ClawPairError.Code("MDNS_UNAVAILABLE", .environment))
    }
}
