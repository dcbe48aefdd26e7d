import ClawPairKit

/// `clawpair probe`'s human report: each route with its stages and timings, then one verdict
/// line and one remedy. Everything that came from the network (subjects, headers, bodies,
/// messages) is escaped before it reaches the terminal.
struct ProbeRendering {
    let report: ProbeReport

    func text(style: Style) -> String {
        var text = "probe \(TerminalText.escape(report.target))\n"
        for route in report.routes {
            text += routeText(route, style: style)
        }
        for skipped in report.skipped {
            text += "  " + style.dim("skipped \(TerminalText.escape(skipped))") + "\n"
        }
        let verdict = report.verdict
        if verdict.ok {
            text += "\n" + style.green("verdict: ok") + " — \(TerminalText.escape(verdict.message))\n"
        } else {
            let code = verdict.code.map { $0.rawValue } ?? "NO_ROUTE"
            let layer = verdict.layer.map { " at \($0.rawValue)" } ?? ""
            text += "\n" + style.red("verdict: \(code)\(layer)") + " — \(TerminalText.escape(verdict.message))\n"
            if let remedy = verdict.remedy { text += "remedy: \(TerminalText.escape(remedy))\n" }
        }
        return text
    }

    private func routeText(_ route: RouteProbe, style: Style) -> String {
        let status: String =
            switch route.ok {
            case true?: style.green("ok")
            case false?: style.red("failed")
            case nil: style.yellow(route.stages.isEmpty ? "not started" : "pending")
            }
        var text = "\n#\(route.candidate.order + 1) \(TerminalText.escape(route.candidate.route.url))  "
        text += style.dim("(\(route.candidate.source.rawValue))") + "  \(status)\n"
        for stage in route.stages {
            text += stageLine(stage, style: style)
            if stage.status == .failed, let failure = route.failure, failure.layer == stage.layer {
                text += "      " + style.red(failure.code.rawValue) + ": \(TerminalText.escape(failure.message))\n"
            }
            for line in detailLines(stage) {
                text += "      " + TerminalText.escape(line) + "\n"
            }
        }
        return text
    }

    private func stageLine(_ stage: ProbeStage, style: Style) -> String {
        let mark: String =
            switch stage.status {
            case .passed: style.green("ok     ")
            case .failed: style.red("FAIL   ")
            case .pending: style.yellow("pending")
            }
        let ms = String(stage.milliseconds)
        let time = String(repeating: " ", count: max(0, 6 - ms.count)) + ms + " ms"
        return "    " + stage.layer.rawValue.padding(to: 8) + mark + time + summary(stage).map { "  " + TerminalText.escape($0) }.joined() + "\n"
    }

    /// A few words after the timing.
    private func summary(_ stage: ProbeStage) -> [String] {
        let detail = stage.detail
        switch stage.layer {
        case .dns:
            guard case .array(let addresses)? = detail["addresses"] else { return [] }
            let source = detail["source"]?.stringValue.map { " (\($0))" } ?? ""
            return [addresses.compactMap(\.stringValue).joined(separator: ", ") + source]
        case .tcp:
            return detail["address"]?.stringValue.map { [$0] } ?? []
        case .tls:
            return detail["protocol"]?.stringValue.map { [$0] } ?? []
        case .access:
            return detail["summary"]?.stringValue.map { [$0] } ?? []
        case .http:
            guard case .integer(let status)? = detail["status"] else { return [] }
            return ["\(status) \(detail["reason"]?.stringValue ?? (status == 101 ? "Switching Protocols" : ""))"]
        case .gateway:
            return stage.status == .passed ? ["connect.challenge"] : []
        }
    }

    /// Lines under the stage: the TLS facts, a refused upgrade's head and body.
    private func detailLines(_ stage: ProbeStage) -> [String] {
        let detail = stage.detail
        switch stage.layer {
        case .tls:
            guard let fingerprint = detail["fingerprint"]?.stringValue else { return [] }
            var lines = [
                "fingerprint \(fingerprint)",
                "subject \(detail["subject"]?.stringValue ?? "?")  issuer \(detail["issuer"]?.stringValue ?? "?")",
                "valid until \(detail["notAfter"]?.stringValue ?? "?")  system-trusted \(detail["systemTrusted"] == .bool(true) ? "yes" : "no")"
                    + "  name-match \(detail["hostnameMatched"] == .bool(true) ? "yes" : "no")",
            ]
            if let pin = detail["expectedPin"]?.stringValue { lines.append("pinned \(pin)") }
            return lines
        case .http where stage.status == .failed:
            var lines: [String] = []
            if case .object(let headers)? = detail["headers"] {
                for (name, value) in headers { lines.append("< \(name): \(value.stringValue ?? "")") }
            }
            if let body = detail["body"]?.stringValue, !body.isEmpty {
                lines.append("< body (first \(body.utf8.count) bytes): \(body)")
            }
            return lines
        case .gateway where stage.status == .failed:
            if let reason = detail["closeReason"]?.stringValue, case .integer(let code)? = detail["closeCode"] {
                return ["close \(code) \(reason)"]
            }
            return []
        default:
            return []
        }
    }

    /// One stage, as progress on stderr.
    static func progressLine(_ candidate: RouteCandidate, _ stage: ProbeStage) -> String {
        let mark = stage.status == .passed ? "ok" : stage.status == .failed ? "FAIL" : "pending"
        return "#\(candidate.order + 1) \(TerminalText.escape(candidate.route.url)) \(stage.layer.rawValue) \(mark) \(stage.milliseconds) ms\n"
    }
}
