/// What one Avahi operation is doing; the event loop keeps one operation per key.
enum MDNSOperationKey: Hashable, Sendable {
    /// The one browse for the service type.
    case browse
    /// The resolve (SRV target, port, TXT) of one browsed instance.
    case resolve(MDNSInstanceKey)
    /// An A or AAAA query for one host on one interface.
    case address(MDNSHostQuery)
}

/// A browsed instance as the browse callback names it. Unlike `MDNSServiceInstance` it has
/// no interface name, which could change between an add and its remove.
struct MDNSInstanceKey: Hashable, Sendable {
    var name: String
    var serviceType: String
    var domain: String
    var interfaceIndex: UInt32
}

/// An address query: one record type for one host on one interface. Several services on
/// one host share it.
struct MDNSHostQuery: Hashable, Sendable {
    /// RFC 1035 §3.2.2.
    static let typeA: UInt16 = 1
    /// RFC 3596 §2.1.
    static let typeAAAA: UInt16 = 28

    var host: String
    var interfaceIndex: UInt32
    var recordType: UInt16
}
