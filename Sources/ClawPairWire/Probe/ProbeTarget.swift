/// What `clawpair probe TARGET` was asked to probe, classified before any packet is sent
/// (spec/cli.md `probe`). Pure: discovery of an instance name is the caller's I/O.
///
/// Order of the checks, most specific first:
/// 1. `oc-pair://`, `openclaw://` links, raw JSON, or one word that is base64url of a JSON
///    object: a setup code (read by ``SetupCodeReader``; its errors stand, e.g. expired);
/// 2. `scheme://…`: a gateway URL (`ws`, `wss`, `http`, `https`); a `ws://` URL to a
///    non-local host is accepted here and refused by the probe as `PLAINTEXT_NOT_ALLOWED`,
///    which is a verdict (exit 5), not bad input;
/// 3. one word that is a host, `host:port`, `[v6]:port` or an IP literal: a manual host
///    (port 18789, 443 for `*.ts.net`);
/// 4. text with spaces: a pasted message holding a setup code, else an instance name as
///    `clawpair browse` shows it.
///
/// A registry id or name (issue #6) will be looked up by the caller before this runs: a
/// match short-circuits classification (see `ProbeRoutePlanner` in ClawPairKit).
/// A one-word instance name without dots (`studio`) reads as a host name; give instance
/// names as browse prints them (`Studio (OpenClaw)`).
public enum ProbeTarget: Sendable, Hashable {
    case setupCode(SetupCode)
    case url(GatewayRoute)
    case host(GatewayRoute)
    case instanceName(String)

    /// Longest instance name: one DNS label (RFC 6763 §4.1.1).
    public static let maximumInstanceNameBytes = 63

    /// Classifies `text`; `nowMs` (Unix ms) checks a setup code's expiry, unless
    /// `acceptExpired` (probe: an expired code's routes can still be probed, as no credential
    /// is sent). Throws ``ClawPairError/Code/probeTargetInvalid`` (or the setup code's own error).
    public static func classify(_ text: String, nowMs: Int64, acceptExpired: Bool = false) throws(ClawPairError) -> ProbeTarget {
        let nowMs = acceptExpired ? Int64.min : nowMs
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw invalid("the target is empty") }
        let lowered = trimmed.lowercased()
        if trimmed.hasPrefix("{") || ["oc-pair://", "openclaw://", "openclaw-debug://"].contains(where: lowered.hasPrefix) {
            return .setupCode(try SetupCodeReader.read(trimmed, nowMs: nowMs))
        }
        if trimmed.range(of: "://") != nil {
            guard ["ws://", "wss://", "http://", "https://"].contains(where: lowered.hasPrefix) else {
                throw invalid("'\(trimmed)' is not a gateway URL (expected ws://, wss://, http:// or https://)")
            }
            do {
                return .url(try GatewayRoute(url: trimmed))
            } catch {
                throw invalid("invalid gateway URL: \(error.reason)")
            }
        }
        let oneWord = !trimmed.unicodeScalars.contains { $0.properties.isWhitespace }
        if oneWord {
            if looksLikeEncodedSetupCode(trimmed) {
                return .setupCode(try SetupCodeReader.read(trimmed, nowMs: nowMs))
            }
            do {
                return .host(try GatewayRoute(manual: trimmed))
            } catch {
                // `host:port` or a path gone wrong is a typo, not an instance name.
                if trimmed.contains(":") || trimmed.contains("/") || trimmed.hasPrefix("[") {
                    throw invalid("'\(trimmed)' is not a host[:port]: \(error.reason)")
                }
            }
        } else {
            do {
                return .setupCode(try SetupCodeReader.read(trimmed, nowMs: nowMs))
            } catch where error.code != .setupCodeInvalid {
                throw error
            } catch {
                // Not a pasted code: an instance name.
            }
        }
        guard trimmed.utf8.count <= maximumInstanceNameBytes else {
            throw invalid("'\(trimmed.prefix(40))…' is too long for an instance name (at most 63 bytes)")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw invalid("the target contains control characters")
        }
        return .instanceName(trimmed)
    }

    /// The target in words for the report; never a setup code's secret.
    public var display: String {
        switch self {
        case .setupCode(let code):
            let more = code.fallbacks.isEmpty ? "" : " and \(code.fallbacks.count) more route(s)"
            return "setup code for \(code.primary.url)\(more)"
        case .url(let route): return route.url
        case .host(let route):
            let schemes = route.schemeCandidates.map { $0.tls ? "wss://" : "ws://" }.joined(separator: ", then ")
            return "\(route.authority) (no scheme: \(schemes))"
        case .instanceName(let name): return name
        }
    }

    /// One word that decodes (base64url) to something starting with `{`: a setup code, even
    /// a broken one (its error is more useful than "no such host").
    private static func looksLikeEncodedSetupCode(_ text: String) -> Bool {
        guard text.utf8.count >= 8, let bytes = Base64URL.decode(text) else { return false }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    private static func invalid(_ message: String) -> ClawPairError {
        ClawPairError(
            .probeTargetInvalid, message,
            remedy: "give a setup code, a ws:// or wss:// URL, host[:port], or an instance name as `clawpair browse` shows it")
    }
}
