internal import CClawShims
internal import COpenSSL

/// OpenSSL's thread-local error queue, drained right after a failed call.
///
/// OpenSSL pushes one entry per layer that noticed the failure (record layer, state machine,
/// certificate code), oldest first; the first is usually the cause. The queue belongs to the
/// thread, so it is drained before the task can suspend and move to another thread, and
/// cleared (``clear()``) before each call so stale entries are not blamed on it.
package struct OpenSSLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One queue entry.
    package struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The packed error code (library and reason).
        package let code: UInt
        /// OpenSSL's text, e.g. `error:0A000126:SSL routines::unexpected eof while reading`.
        package let text: String
        /// Extra data the failing function attached (a file name, a hostname), if any.
        package let data: String?

        package var description: String { data.map { "\(text) (\($0))" } ?? text }
    }

    /// Oldest first; empty when OpenSSL recorded nothing (then the failure was a system call
    /// or an end of stream).
    package let entries: [Entry]

    package var isEmpty: Bool { entries.isEmpty }

    /// Entries joined by "; ", or "no OpenSSL error recorded".
    package var description: String {
        entries.isEmpty ? "no OpenSSL error recorded" : entries.map(\.description).joined(separator: "; ")
    }

    /// Takes every entry off the calling thread's queue.
    package static func drain() -> OpenSSLError {
        var entries: [Entry] = []
        while true {
            var data: UnsafePointer<CChar>?
            var flags: Int32 = 0
            let code = clawpair_ERR_get_error_all(nil, nil, nil, &data, &flags)
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            clawpair_ERR_error_string_n(code, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // ERR_TXT_STRING marks `data` as text; otherwise it is absent or binary.
            let extra = (flags & ERR_TXT_STRING) != 0 ? data.map { String(cString: $0) } : nil
            entries.append(Entry(code: code, text: text, data: extra?.isEmpty == true ? nil : extra))
        }
        return OpenSSLError(entries: entries)
    }

    /// Empties the calling thread's queue before a call whose failure will be drained.
    package static func clear() { clawpair_ERR_clear_error() }
}
