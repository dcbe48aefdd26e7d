#if canImport(Glibc)
internal import Glibc
#endif

/// The process's terminal, as the CLI's console sees it: whether a standard stream is one,
/// and a line typed at it.
public enum Terminal {
    /// True when `descriptor` (0, 1, 2) is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// One line from `descriptor` without its newline, read byte by byte so nothing after it
    /// is consumed (a prompt's answer, with the rest of the input left for what follows);
    /// nil at end of input before any byte. At most `limit` bytes: an answer is a word.
    public static func readLine(descriptor: Int32, limit: Int = 256) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < limit {
            let result = try? withUnsafeMutableBytes(of: &byte) { try Syscalls.read(descriptor, into: $0) }
            guard case .processed(1) = result else { break }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
