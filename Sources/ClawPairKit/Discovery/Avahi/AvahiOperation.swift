internal import CClawShims
internal import CAvahiClient

/// Owns one avahi-client object (service browser, service resolver or record browser) on
/// the browse's ``AvahiConnection``: starts it, and frees it in `deinit`, which also ends it
/// in avahi-daemon. It must not outlive its connection.
///
/// Every call for an operation happens on the event loop's thread. Callbacks only run inside
/// ``AvahiConnection/iterate(timeoutMilliseconds:plus:)``, while the loop holds the operation,
/// so the unretained context pointer handed to C is always valid when C uses it.
final class AvahiOperation {
    private enum Handle {
        case serviceBrowser(OpaquePointer)
        case serviceResolver(OpaquePointer)
        case recordBrowser(OpaquePointer)
    }

    let key: MDNSOperationKey
    fileprivate let inbox: AvahiReplyInbox
    /// For the error code of a failure event (avahi_client_errno).
    fileprivate let client: OpaquePointer
    private var handle: Handle?

    private init(key: MDNSOperationKey, inbox: AvahiReplyInbox, client: OpaquePointer) {
        self.key = key
        self.inbox = inbox
        self.client = client
    }

    deinit {
        switch handle {
        case .serviceBrowser(let browser)?: _ = clawpair_avahi_service_browser_free(browser)
        case .serviceResolver(let resolver)?: _ = clawpair_avahi_service_resolver_free(resolver)
        case .recordBrowser(let browser)?: _ = clawpair_avahi_record_browser_free(browser)
        case nil: break
        }
    }

    /// Starts the operation for `key`: one D-Bus call over the connection, no new connection.
    ///
    /// - Parameters:
    ///   - serviceType: the type to browse (only for `.browse`).
    ///   - interfaceIndex: the interface to browse on, 0 for all (only for `.browse`).
    static func start(
        _ key: MDNSOperationKey, serviceType: String, interfaceIndex: UInt32, on connection: AvahiConnection
    ) throws(AvahiFailure) -> AvahiOperation {
        guard let client = connection.client else { throw AvahiFailure(code: AvahiFailure.failure, operation: key) }
        let operation = AvahiOperation(key: key, inbox: connection.inbox, client: client)
        let context = Unmanaged.passUnretained(operation).toOpaque()
        // Every protocol (IPv4 and IPv6 mDNS), as the table expects: it counts an instance's
        // and a record's adds and removes per protocol.
        let anyProtocol = AvahiProtocol(AVAHI_PROTO_UNSPEC)
        let noFlags = AvahiLookupFlags(rawValue: 0)
        switch key {
        case .browse:
            let interface = interfaceIndex == 0 ? AvahiIfIndex(AVAHI_IF_UNSPEC) : AvahiIfIndex(interfaceIndex)
            operation.handle = clawpair_avahi_service_browser_new(
                client, interface, anyProtocol, serviceType, "local", noFlags, browseReply, context
            ).map { .serviceBrowser($0) }
        case .resolve(let instance):
            operation.handle = clawpair_avahi_service_resolver_new(
                client, AvahiIfIndex(instance.interfaceIndex), anyProtocol, instance.name, instance.serviceType, instance.domain,
                anyProtocol, noFlags, resolveReply, context
            ).map { .serviceResolver($0) }
        case .address(let query):
            operation.handle = clawpair_avahi_record_browser_new(
                client, AvahiIfIndex(query.interfaceIndex), anyProtocol, query.host, UInt16(AVAHI_DNS_CLASS_IN),
                query.recordType, noFlags, recordReply, context
            ).map { .recordBrowser($0) }
        }
        guard operation.handle != nil else {
            let code = clawpair_avahi_client_errno(client)
            throw AvahiFailure(code: code == 0 ? AvahiFailure.failure : code, operation: key)
        }
        return operation
    }
}

// MARK: C callbacks

// They copy everything out of C memory at once (the pointers are valid only during the
// call) and append a reply; interpretation happens later, in MDNSServiceTable.

private func operation(_ context: UnsafeMutableRawPointer?) -> AvahiOperation? {
    context.map { Unmanaged<AvahiOperation>.fromOpaque($0).takeUnretainedValue() }
}

/// avahi-client names without the root's trailing dot (`local`, `gw.local`); the table, the
/// remembered instances and the output name them fully qualified (`local.`), as before (dns_sd spelled them so).
private func qualified(_ pointer: UnsafePointer<CChar>?) -> String {
    let name = pointer.map { String(cString: $0) } ?? ""
    return name.isEmpty || name.endsWithDot ? name : name + "."
}

private func failureCode(_ operation: AvahiOperation) -> Int32 {
    let code = clawpair_avahi_client_errno(operation.client)
    return code == 0 ? AvahiFailure.failure : code
}

private let browseReply: AvahiServiceBrowserCallback = { _, interface, _, event, name, type, domain, _, context in
    guard let operation = operation(context) else { return }
    let added: Bool
    switch event {
    case AVAHI_BROWSER_NEW: added = true
    case AVAHI_BROWSER_REMOVE: added = false
    case AVAHI_BROWSER_FAILURE:
        operation.inbox.replies.append(
            .browse(added: false, interfaceIndex: 0, error: failureCode(operation), name: "", serviceType: "", domain: ""))
        return
    case AVAHI_BROWSER_ALL_FOR_NOW:
        operation.inbox.replies.append(.browseCaughtUp)
        return
    default: return  // CACHE_EXHAUSTED: ALL_FOR_NOW follows.
    }
    operation.inbox.replies.append(
        .browse(
            added: added, interfaceIndex: UInt32(bitPattern: interface), error: 0,
            name: name.map { String(cString: $0) } ?? "", serviceType: qualified(type), domain: qualified(domain)))
}

private let resolveReply: AvahiServiceResolverCallback = {
    _, _, _, event, name, type, domain, hostName, _, port, txt, _, context in
    guard let operation = operation(context), case .resolve(let instance) = operation.key else { return }
    guard event == AVAHI_RESOLVER_FOUND else {
        operation.inbox.replies.append(.resolve(instance, error: failureCode(operation), fullName: "", hostTarget: "", port: 0, txt: []))
        return
    }
    operation.inbox.replies.append(
        .resolve(
            instance, error: 0, fullName: fullName(name: name, type: type, domain: domain), hostTarget: qualified(hostName),
            port: port, txt: serialized(txt)))
}

/// The escaped DNS name of the instance (`Studio\032GW._openclaw-gw._tcp.local.`).
private func fullName(name: UnsafePointer<CChar>?, type: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>?) -> String {
    var buffer = [CChar](repeating: 0, count: Int(AVAHI_DOMAIN_NAME_MAX))
    guard clawpair_avahi_service_name_join(&buffer, buffer.count, name, type, domain) == 0 else { return "" }
    return qualified(buffer)
}

/// The TXT rdata as the wire carries it, for Wire's one splitter (`GatewayTXT`).
private func serialized(_ txt: UnsafeMutablePointer<AvahiStringList>?) -> [UInt8] {
    // Without a buffer it returns the size it needs; an empty list serializes as one empty
    // string, one zero byte (RFC 6763 §6.1).
    var bytes = [UInt8](repeating: 0, count: max(1, clawpair_avahi_string_list_serialize(txt, nil, 0)))
    let count = clawpair_avahi_string_list_serialize(txt, &bytes, bytes.count)
    return Array(bytes.prefix(count))
}

private let recordReply: AvahiRecordBrowserCallback = { _, _, _, event, _, _, type, rdata, size, _, context in
    guard let operation = operation(context), case .address(let query) = operation.key else { return }
    let added: Bool
    switch event {
    case AVAHI_BROWSER_NEW: added = true
    case AVAHI_BROWSER_REMOVE: added = false
    case AVAHI_BROWSER_FAILURE:
        operation.inbox.replies.append(.record(query, added: false, error: failureCode(operation), recordType: type, rdata: [], ttl: 0))
        return
    default: return
    }
    let bytes = rdata.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
    operation.inbox.replies.append(.record(query, added: added, error: 0, recordType: type, rdata: bytes, ttl: 0))
}
