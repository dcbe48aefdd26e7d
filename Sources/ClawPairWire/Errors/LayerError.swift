/// An error of one layer's ``ErrorFamily``: the shape every layer's error shares, written
/// once (a ``CodedError``: compared by code only, so tests write the expected error directly).
///
/// Each family names it (`public typealias HTTPWireError = LayerError<HTTPWire>`) and gives
/// its detail a name and an initializer in an extension constrained to the family.
public struct LayerError<Family: ErrorFamily>: CodedError {
    /// What went wrong, for code that switches on it.
    public let code: Code
    /// One sentence naming what was being read or done and what was wrong with it.
    public let reason: String
    /// What the family records beyond code and reason.
    public let detail: Family.Detail
    /// Where the error was made, for bug reports.
    public let location: String

    /// An error with its family's detail, recording where it was made.
    public init(_ code: Code, _ reason: String, detail: Family.Detail, fileID: StaticString = #fileID, line: UInt = #line) {
        self.code = code
        self.reason = reason
        self.detail = detail
        self.location = "\(fileID):\(line)"
    }

    public var description: String { Family.describe(self) }

    /// A stable code of the family.
    public typealias Code = ErrorCode<Family>
}

extension LayerError where Family.Detail == Void {
    /// An error of a family that records nothing more, recording where it was made.
    public init(_ code: Code, _ reason: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(code, reason, detail: (), fileID: fileID, line: line)
    }
}
