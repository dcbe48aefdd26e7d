internal import CClawShims
internal import CAvahiDNSSD

/// Where operations' C callbacks leave their replies until the event loop applies them.
/// Used only on the event loop's thread.
final class DNSSDReplyInbox {
    var replies: [DNSSDReply] = []
}

/// Owns one `DNSServiceRef`: starts it (browse, resolve or record query), exposes its
/// socket for `poll`, processes its results, and deallocates it in `deinit`, which also
/// stops the daemon-side operation and Avahi's helper thread for it.
///
/// Every dns_sd call for an operation happens on the event loop's thread. Callbacks only
/// run inside `processResult()`, while the loop holds the operation, so the unretained
/// context pointer handed to C is always valid when C uses it.
final class DNSServiceOperation {
    let key: MDNSOperationKey
    fileprivate let inbox: DNSSDReplyInbox
    private var ref: DNSServiceRef?

    private init(key: MDNSOperationKey, inbox: DNSSDReplyInbox) {
        self.key = key
        self.inbox = inbox
    }

    deinit {
        if let ref { clawpair_DNSServiceRefDeallocate(ref) }
    }

    /// Starts the operation for `key`, once ``AvahiCompatSetup/prepare()`` has succeeded.
    /// Blocks briefly: Avahi's compat layer opens a D-Bus connection to avahi-daemon for
    /// every operation.
    ///
    /// - Parameters:
    ///   - serviceType: the type to browse (only for `.browse`).
    ///   - interfaceIndex: the interface to browse on, 0 for all (only for `.browse`).
    static func start(
        _ key: MDNSOperationKey, serviceType: String, interfaceIndex: UInt32, inbox: DNSSDReplyInbox
    ) throws(DNSServiceFailure) -> DNSServiceOperation {
        let operation = DNSServiceOperation(key: key, inbox: inbox)
        let context = Unmanaged.passUnretained(operation).toOpaque()
        var ref: DNSServiceRef?
        // Flags are 0 throughout: Avahi's compat layer answers any other value with
        // kDNSServiceErr_Unsupported.
        let status: DNSServiceErrorType
        switch key {
        case .browse:
            status = clawpair_DNSServiceBrowse(&ref, 0, interfaceIndex, serviceType, "local.", browseReply, context)
        case .resolve(let instance):
            status = clawpair_DNSServiceResolve(
                &ref, 0, instance.interfaceIndex, instance.name, instance.serviceType, instance.domain,
                resolveReply, context)
        case .address(let query):
            status = clawpair_DNSServiceQueryRecord(
                &ref, 0, query.interfaceIndex, query.host, query.recordType, UInt16(kDNSServiceClass_IN),
                recordReply, context)
        }
        guard status == kDNSServiceErr_NoError, let ref else {
            throw DNSServiceFailure(code: status == 0 ? DNSServiceFailure.unknown : status, operation: key)
        }
        operation.ref = ref
        return operation
    }

    /// The socket that becomes readable when `processResult()` has work.
    var socket: Int32 {
        clawpair_DNSServiceRefSockFD(ref)
    }

    /// Runs the callbacks for what has arrived (their replies land in the inbox). Call it
    /// only when `socket` is readable: it reads from the socket and would block otherwise.
    func processResult() -> Int32 {
        clawpair_DNSServiceProcessResult(ref)
    }
}

// MARK: C callbacks

// They copy everything out of C memory at once (the pointers are valid only during the
// call) and append a reply; interpretation happens later, in MDNSServiceTable.

private func operation(_ context: UnsafeMutableRawPointer?) -> DNSServiceOperation? {
    context.map { Unmanaged<DNSServiceOperation>.fromOpaque($0).takeUnretainedValue() }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

private let browseReply: DNSServiceBrowseReply = { _, flags, interfaceIndex, error, name, type, domain, context in
    operation(context)?.inbox.replies.append(
        .browse(
            added: flags & DNSServiceFlags(kDNSServiceFlagsAdd) != 0, interfaceIndex: interfaceIndex, error: error,
            name: string(name), serviceType: string(type), domain: string(domain)))
}

private let resolveReply: DNSServiceResolveReply = {
    _, _, _, error, fullName, hostTarget, port, txtLength, txt, context in
    guard let operation = operation(context), case .resolve(let instance) = operation.key else { return }
    let txtBytes = txt.map { Array(UnsafeBufferPointer(start: $0, count: Int(txtLength))) } ?? []
    operation.inbox.replies.append(
        .resolve(
            instance, error: error, fullName: string(fullName), hostTarget: string(hostTarget),
            port: UInt16(bigEndian: port), txt: txtBytes))
}

private let recordReply: DNSServiceQueryRecordReply = {
    _, flags, _, error, _, recordType, _, length, rdata, ttl, context in
    guard let operation = operation(context), case .address(let query) = operation.key else { return }
    let bytes = rdata.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
    operation.inbox.replies.append(
        .record(
            query, added: flags & DNSServiceFlags(kDNSServiceFlagsAdd) != 0, error: error, recordType: recordType,
            rdata: bytes, ttl: ttl))
}
