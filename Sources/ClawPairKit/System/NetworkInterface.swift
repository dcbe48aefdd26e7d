#if canImport(Glibc)
internal import Glibc
#endif

/// Interface names and indexes of the calling thread's network namespace.
enum NetworkInterface {
    /// `if_nametoindex`: nil when there is no such interface.
    static func index(named name: String) -> UInt32? {
        let index = if_nametoindex(name)
        return index == 0 ? nil : index
    }

    /// `if_indextoname`: nil when the interface is gone (or the index is 0, "any").
    static func name(index: UInt32) -> String? {
        guard index != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(IF_NAMESIZE) + 1)
        guard if_indextoname(index, &buffer) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
