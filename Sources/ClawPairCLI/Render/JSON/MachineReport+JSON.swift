import ClawPairKit

// `doctor --json` (spec/cli.md `doctor`).

extension MachineReport {
    /// `{"checks":[{"id","title","status","detail","remedy"}],"ok":bool}`.
    var json: JSONValue {
        ["checks": .array(checks.map(\.json)), "ok": .bool(ok)]
    }
}

extension MachineCheck {
    /// `{"id","title","status","detail","remedy"}`, `remedy` null when there is none.
    var json: JSONValue {
        [
            "id": .string(id.rawValue),
            "title": .string(title),
            "status": .string(status.rawValue),
            "detail": .string(detail),
            "remedy": JSONValue(remedy),
        ]
    }
}
