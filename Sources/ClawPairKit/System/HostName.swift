#if canImport(Glibc)
    internal import Glibc
#endif

/// This machine's host name.
package enum HostName {
    /// `gethostname`, as the kernel holds it (it may contain dots); nil when it fails.
    package static var current: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        // One byte short, so the text is terminated even when the kernel's name fills it.
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
