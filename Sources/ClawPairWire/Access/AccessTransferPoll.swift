/// The transfer service's poll (spec/cloudflare-access.md "Session transfer" step 3): its
/// budget and what each answer means.
public enum AccessTransferPoll {
    /// The default service; FedRAMP accounts use `https://login.fed.cloudflareaccess.org`.
    public static let defaultServiceURL = "https://login.cloudflareaccess.org"
    public static let serviceURLEnvironmentVariable = "CLAWPAIR_ACCESS_TRANSFER_URL"
    /// At most 10 polls within 300 s, 1 s apart, each bounded by 60 s.
    public static let maximumPolls = 10
    public static let totalBudgetSeconds = 300
    public static let intervalSeconds = 1
    public static let requestTimeoutSeconds = 60
    /// The most of a poll's body read.
    public static let maximumBodyBytes = 131072

    public enum Outcome: Sendable, Hashable {
        /// 200 with a body: the envelope.
        case ready([UInt8])
        /// 200 empty, another 2xx, or 4xx: the user has not finished signing in.
        case pending
        /// 3xx: the service wants the browser, not us; stop.
        case abort
        /// 5xx (or anything else): the service failed.
        case failed
    }

    /// What a poll answered with `status` and `body` means.
    public static func classify(status: Int, body: [UInt8]) -> Outcome {
        switch status {
        case 200 where !body.isEmpty: .ready(body)
        case 200...299, 400...499: .pending
        case 300...399: .abort
        default: .failed
        }
    }

    /// `<base>/transfer/<publicKey>`, the key percent-encoded (its `=` padding).
    public static func url(base: String, publicKey: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/transfer/" + AccessSignInURL.queryEncoded(publicKey)
    }
}
