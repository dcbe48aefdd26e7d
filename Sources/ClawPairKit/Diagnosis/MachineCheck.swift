/// The result of one machine check behind `clawpair doctor`: a value, never a print.
///
/// `detail` and `remedy` may quote text read from the machine (interface names, resolver
/// lines, paths) raw; whoever prints them escapes control characters.
public struct MachineCheck: Sendable, Hashable {
    /// How a check came out.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Works as clawpair needs it.
        case ok
        /// Works, but something will bite (other programs can't resolve `.local`, a file
        /// readable by others, no default route).
        case warn
        /// A service discovery needs is missing.
        case fail
        /// Not applicable here (tailscale not installed, a bus address we can't dial).
        case skipped

        /// Ordering for the overall status: fail > warn > ok; skipped counts as ok.
        var severity: Int {
            switch self {
            case .ok, .skipped: 0
            case .warn: 1
            case .fail: 2
            }
        }
    }

    /// Stable identifier (`avahi-daemon`); scripts key on it.
    public let id: ID
    /// Short human name (`avahi-daemon reachable`).
    public let title: String
    /// How it came out.
    public let status: Status
    /// What was found, in one or two sentences.
    public let detail: String
    /// Exactly what to do about it (usually a command), or nil when there is nothing to do.
    public let remedy: String?

    /// A result; `title` defaults to the id's title.
    public init(id: ID, title: String? = nil, status: Status, detail: String, remedy: String? = nil) {
        self.id = id
        self.title = title ?? id.title
        self.status = status
        self.detail = detail
        self.remedy = remedy
    }
}
