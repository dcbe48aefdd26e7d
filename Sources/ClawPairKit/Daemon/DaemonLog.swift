import Synchronization

/// The daemon's log: one line per event, `text` (`TIME EVENT key=value …`) or `json` (one
/// object per line), on stderr or in `daemon.log` (0600) rotated at ``rotationBytes``.
/// Values are escaped (gateway text is untrusted); no secret is ever passed in.
public final class DaemonLog: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// 1 MiB per file, then `daemon.log` becomes `daemon.log.1` (one old file kept): the log
    /// of a daemon that runs for months stays bounded.
    public static let rotationBytes = 1 << 20

    public let format: Format
    /// Makes untrusted text safe for a terminal (the CLI's escaping helper).
    private let escape: @Sendable (String) -> String
    private let sink: Mutex<Sink>

    private struct Sink {
        var descriptor: Int32
        var path: String?
        var maximumBytes: Int
    }

    /// Logs to standard error.
    public init(format: Format, escape: @escaping @Sendable (String) -> String) {
        self.format = format
        self.escape = escape
        sink = Mutex(Sink(descriptor: 2, path: nil, maximumBytes: .max))
    }

    /// Logs to the file `path`, rotated at `maximumBytes`.
    public init(
        format: Format, path: String, maximumBytes: Int = rotationBytes, escape: @escaping @Sendable (String) -> String
    ) throws(ClawPairError) {
        self.format = format
        self.escape = escape
        sink = Mutex(Sink(descriptor: try FileIO.openForAppending(path, mode: StateDirectory.fileMode), path: path, maximumBytes: maximumBytes))
    }

    /// Logs `event` for `key`'s session (if any) with `fields`.
    public func event(_ event: String, key: DaemonSessionKey? = nil, fields: [(String, String)] = []) {
        var all: [(String, String)] = []
        if let key { all += [("gateway", key.gateway.rawValue), ("role", key.kind.role.rawValue)] }
        all += fields
        let line = Self.line(format: format, timeMs: WallClock.nowMs(), event: event, fields: all, escape: escape)
        sink.withLock { sink in
            try? FileIO.write(Array(line.utf8), descriptor: sink.descriptor)
            guard let path = sink.path, let size = FileIO.size(of: sink.descriptor), size >= sink.maximumBytes else { return }
            guard FileIO.move(path, to: path + ".1"), let fresh = try? FileIO.openForAppending(path, mode: StateDirectory.fileMode) else { return }
            FileIO.close(sink.descriptor)
            sink.descriptor = fresh
        }
    }

    /// One line of the log.
    static func line(
        format: Format, timeMs: Int64, event: String, fields: [(String, String)], escape: (String) -> String
    ) -> String {
        let time = UTCTimestamp.format(milliseconds: timeMs)
        switch format {
        case .json:
            let members: [(String, JSONValue)] = [("time", .string(time)), ("event", .string(event))] + fields.map { ($0.0, .string($0.1)) }
            return JSONValue.object(members).serialized() + "\n"
        case .text:
            let pairs = fields.map { "\($0.0)=\(Self.quoted(escape($0.1)))" }
            return ([time, event] + pairs).joined(separator: " ") + "\n"
        }
    }

    /// Quoted, with `"` and `\` escaped, when a value has a space or a quote; by scalar, since
    /// `"\u{301}` is one `Character` and the quote inside it must still be escaped.
    private static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") }) else { return value }
        var result = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }
}
