internal import CClawShims
internal import COpenSSL

/// What OpenSSL's chain verification found during one handshake: every failed check, not
/// just the first, so "untrusted", "expired" and "wrong name" stay separate facts.
///
/// OpenSSL calls the verify callback once per check; returning 1 tells it to go on after a
/// failure. The callback finds this object through the `SSL`'s ex-data slot.
final class TLSVerificationRecorder: @unchecked Sendable {
    // @unchecked: `issues` changes only inside the verify callback, which runs within
    // SSL_do_handshake, which ``TLSEngine`` calls only while holding its lock; it is read
    // after the handshake under the same lock.

    /// One failed check: the X509_V_ERR_* code and the chain depth (0 = the leaf).
    struct Issue: Sendable, Hashable {
        let code: Int32
        let depth: Int32

        /// OpenSSL's words, e.g. "self-signed certificate".
        var text: String { String(cString: clawpair_X509_verify_cert_error_string(Int(code))) }
    }

    private(set) var issues: [Issue] = []

    /// The ex-data slot of every `SSL` that holds its recorder; allocated once per process.
    static let exDataIndex: Int32 = CClawShims_SSL_get_ex_new_index()

    /// Makes `ssl`'s verify callback record into this object. The `SSL` does not retain it:
    /// the engine owning both keeps it alive for as long as the `SSL` exists.
    func attach(to ssl: OpaquePointer) -> Bool {
        clawpair_SSL_set_ex_data(ssl, Self.exDataIndex, Unmanaged.passUnretained(self).toOpaque()) == 1
    }

    /// The verify callback's body: records a failed check and lets verification continue.
    static func record(preverified: Int32, store: OpaquePointer?) -> Int32 {
        guard preverified == 0, let store else { return 1 }
        guard let ssl = clawpair_X509_STORE_CTX_get_ex_data(store, clawpair_SSL_get_ex_data_X509_STORE_CTX_idx()),
            let recorder = clawpair_SSL_get_ex_data(OpaquePointer(ssl), exDataIndex)
        else { return 1 }
        let issue = Issue(code: clawpair_X509_STORE_CTX_get_error(store), depth: clawpair_X509_STORE_CTX_get_error_depth(store))
        Unmanaged<TLSVerificationRecorder>.fromOpaque(recorder).takeUnretainedValue().issues.append(issue)
        return 1
    }

    /// The issues that make the chain untrusted: all but the leaf's own validity period,
    /// which the trust policy checks itself against its clock (so a trusted but expired
    /// certificate is ``ClawPairError/Code/tlsExpired``, not ``ClawPairError/Code/tlsUntrusted``).
    var trustIssues: [Issue] {
        issues.filter { !($0.depth == 0 && Self.validityCodes.contains($0.code)) }
    }

    private static let validityCodes: Set<Int32> = [X509_V_ERR_CERT_NOT_YET_VALID, X509_V_ERR_CERT_HAS_EXPIRED]
}
