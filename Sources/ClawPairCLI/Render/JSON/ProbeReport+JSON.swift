import ClawPairKit

// `probe --json` (spec/cli.md `probe`): the report, its verdict, each route, stage and failure.

extension ProbeReport {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("target", .string(target)), ("verdict", verdict.json), ("routes", .array(routes.map(\.json)))]
        // Only when there is one: e.g. an expired setup code, probed but unable to pair.
        if !warnings.isEmpty {
            members.append(("warnings", .array(warnings.map { ["code": .string($0.code.rawValue), "message": .string($0.message)] })))
        }
        return .object(members)
    }
}

extension ProbeVerdict {
    var json: JSONValue {
        [
            "ok": .bool(ok), "route": JSONValue(route), "layer": JSONValue(layer?.rawValue),
            "code": JSONValue(code?.rawValue), "message": .string(message), "remedy": JSONValue(remedy),
        ]
    }
}

extension RouteProbe {
    var json: JSONValue {
        [
            "url": .string(candidate.route.url), "source": .string(candidate.source.rawValue),
            "order": .integer(Int64(candidate.order)), "ok": ok.map(JSONValue.bool) ?? .null,
            "stages": .array(stages.map(\.json)), "failure": failure?.json ?? .null,
        ]
    }
}

extension ProbeStage {
    /// `{layer, ok, ms, detail}`; a pending stage has `ok: null` and `detail.state:
    /// "pending"`.
    var json: JSONValue {
        var detail = detail
        if status == .pending, case .object(var members) = detail {
            members.insert(("state", "pending"), at: 0)
            detail = .object(members)
        }
        return [
            "layer": .string(layer.rawValue), "ok": ok.map(JSONValue.bool) ?? .null, "ms": .integer(milliseconds),
            "detail": detail,
        ]
    }
}

extension ProbeFailure {
    var json: JSONValue {
        ["layer": .string(layer.rawValue), "code": .string(code.rawValue), "message": .string(message)]
    }
}
