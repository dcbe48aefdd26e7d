import ClawPairKit
internal import CClawShims
internal import CAvahiDNSSD
import Synchronization

/// The sim's mDNS registration of `_openclaw-gw._tcp` through Avahi's dns_sd compatibility
/// API (`DNSServiceRegister`), with a real gateway's TXT keys. The one owner of its
/// `DNSServiceRef`: every dns_sd call on it happens under ``ref``'s lock.
final class SimAdvertiser: Sendable {
    /// 5 s for avahi-daemon to confirm the registration.
    static let registrationTimeout: Duration = .seconds(5)

    private let holder: ServiceRefHolder
    private let pump: Task<Void, Never>
    /// The name avahi registered (it may add ` #2` on a conflict).
    let registeredName: String

    private init(holder: ServiceRefHolder, registeredName: String, pump: Task<Void, Never>) {
        self.holder = holder
        self.registeredName = registeredName
        self.pump = pump
    }

    /// Registers `description` and waits for avahi-daemon's answer. Throws ``ClawPairError``
    /// `mdnsUnavailable` (environment, exit 7) when avahi-daemon or D-Bus is not there.
    static func register(_ description: SimServiceDescription, reactor: IOReactor = IOReactor()) async throws -> SimAdvertiser {
        try AvahiCompatSetup.prepare()
        let txt = description.mdnsTXT.strings.flatMap { [UInt8(clamping: $0.count)] + $0.prefix(255) }
        let box = RegistrationBox()
        // Unretained: the box lives as long as the ref can call back (the pump holds it,
        // and callbacks run only inside DNSServiceProcessResult, never after the ref is gone).
        let context = Unmanaged.passUnretained(box).toOpaque()
        var ref: DNSServiceRef?
        let status = txt.withUnsafeBytes { raw in
            clawpair_DNSServiceRegister(
                &ref, 0, 0, description.instanceName, GatewayService.type, nil, nil, description.port.bigEndian,
                UInt16(raw.count), raw.baseAddress, registerReply, context)
        }
        guard status == kDNSServiceErr_NoError, let ref else {
            throw ClawPairError(
                .mdnsUnavailable, "cannot register \(GatewayService.type) with avahi-daemon (dns_sd error \(status))",
                remedy: "start avahi-daemon (and D-Bus), or run with --advertise none")
        }
        let fd = clawpair_DNSServiceRefSockFD(ref)
        let deadline = ContinuousClock.now + registrationTimeout
        while box.result.withLock({ $0 }) == nil {
            guard try await reactor.wait(for: fd, .readable, until: deadline) else {
                clawpair_DNSServiceRefDeallocate(ref)
                throw ClawPairError(.mdnsUnavailable, "avahi-daemon did not confirm the registration in 5 s")
            }
            _ = clawpair_DNSServiceProcessResult(ref)
        }
        if case .failure(let code)? = box.result.withLock({ $0 }) {
            clawpair_DNSServiceRefDeallocate(ref)
            throw ClawPairError(.mdnsUnavailable, "avahi-daemon refused the registration (dns_sd error \(code))")
        }
        let name = box.name.withLock { $0 } ?? description.instanceName
        let holder = ServiceRefHolder(ref)
        // Keeps reading the daemon's messages (conflict renames) until withdrawn.
        let pump = Task.detached { [fd, box] in
            defer { withExtendedLifetime(box) {} }
            while !Task.isCancelled {
                guard (try? await reactor.wait(for: fd, .readable, until: nil)) == true else { return }
                let alive = holder.ref.withLock { ref -> Bool in
                    guard let ref else { return false }
                    return clawpair_DNSServiceProcessResult(ref) == kDNSServiceErr_NoError
                }
                if !alive { return }
            }
        }
        return SimAdvertiser(holder: holder, registeredName: name, pump: pump)
    }

    /// Withdraws the registration (avahi sends goodbye packets).
    func withdraw() {
        pump.cancel()
        holder.ref.withLock { ref in
            if let current = ref { clawpair_DNSServiceRefDeallocate(current) }
            ref = nil
        }
    }

    deinit { withdraw() }
}

/// The registration's `DNSServiceRef`, shared by the advertiser and its pump task; every
/// dns_sd call on it happens under the lock, and nil means withdrawn.
private final class ServiceRefHolder: Sendable {
    let ref: Mutex<DNSServiceRef?>
    init(_ ref: sending DNSServiceRef) { self.ref = Mutex(ref) }
}

/// Where the C callback leaves avahi-daemon's answer.
private final class RegistrationBox: Sendable {
    enum Result: Sendable { case success, failure(Int32) }
    let result = Mutex<Result?>(nil)
    let name = Mutex<String?>(nil)
}

private func registerReply(
    _ ref: DNSServiceRef?, _ flags: DNSServiceFlags, _ error: DNSServiceErrorType, _ name: UnsafePointer<CChar>?,
    _ type: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?, _ context: UnsafeMutableRawPointer?
) {
    guard let context else { return }
    let box = Unmanaged<RegistrationBox>.fromOpaque(context).takeUnretainedValue()
    if error == kDNSServiceErr_NoError {
        box.name.withLock { $0 = name.map { String(cString: $0) } }
        box.result.withLock { $0 = .success }
    } else {
        box.result.withLock { $0 = .failure(error) }
    }
}
