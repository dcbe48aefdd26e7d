/// Whether to talk to a TLS peer, decided from the handshake's facts alone (pure: no I/O,
/// the clock passed in), as spec/routes-and-tls.md "TLS pinning" orders it:
///
/// 1. A pin is known: accept if and only if the peer matches it, whatever system trust,
///    the hostname or the dates say (self-signed gateways work); otherwise
///    ``ClawPairError/Code/tlsPinMismatch``.
/// 2. No pin: the chain must be system-trusted (``ClawPairError/Code/tlsUntrusted``, with the
///    fingerprint to verify out of band), for this host
///    (``ClawPairError/Code/tlsNameMismatch``), and within its validity period
///    (``ClawPairError/Code/tlsExpired``), checked in that order.
///
/// Trusting an unknown certificate (a TTY prompt, `--trust`, `--trust-on-first-use`) is the
/// caller's step: it turns into a pin before this runs again.
public enum TLSTrustPolicy {
    /// Why a peer was accepted.
    public enum Basis: Sendable, Hashable {
        /// Its leaf certificate matched the pinned fingerprint.
        case pinnedCertificate
        /// Its public key matched the pinned key hash.
        case pinnedPublicKey
        /// No pin; the system trusts the chain, the name matched and the dates are valid.
        case systemTrust
    }

    /// The verdict.
    public enum Decision: Sendable, Equatable {
        case accepted(Basis)
        case rejected(ClawPairError)
    }

    /// Decides for `peer`, with `pin` if one is known, at `now` (Unix seconds).
    public static func evaluate(_ peer: TLSPeerCertificate, pin: TLSPin?, now: Int64) -> Decision {
        if let pin { return evaluate(peer, against: pin) }

        guard peer.systemTrusted else {
            let why = peer.verifyError.map { ": \($0)" } ?? ""
            return .rejected(ClawPairError(
                .tlsUntrusted,
                "the certificate of \(peer.serverName) (subject \(peer.subject), issuer \(peer.issuer)) is not trusted by this system\(why); "
                    + "its SHA-256 fingerprint is \(peer.fingerprint.hex)",
                remedy: peer.fingerprint.verifyRemedy(then: "trust it")))
        }
        guard peer.hostnameMatched else {
            return .rejected(ClawPairError(
                .tlsNameMismatch,
                "the certificate presented by \(peer.serverName) is not valid for that name (subject \(peer.subject))",
                remedy: "connect with a name the certificate lists, or pin it with --trust \(ShellQuoting.quote(peer.fingerprint.hex)) after verifying it"))
        }
        if now < peer.notBefore {
            return .rejected(ClawPairError(
                .tlsExpired,
                "the certificate of \(peer.serverName) is not valid until \(timestamp(peer.notBefore)) (now \(timestamp(now)))",
                remedy: "check the clock of this machine and of the gateway host"))
        }
        if now > peer.notAfter {
            return .rejected(ClawPairError(
                .tlsExpired,
                "the certificate of \(peer.serverName) expired at \(timestamp(peer.notAfter)) (now \(timestamp(now)))",
                remedy: "renew the gateway's certificate, or check this machine's clock"))
        }
        return .accepted(.systemTrust)
    }

    private static func evaluate(_ peer: TLSPeerCertificate, against pin: TLSPin) -> Decision {
        let actual: TLSPin
        let matches: Bool
        switch pin {
        case .certificate(let expected):
            actual = peer.certificatePin
            // Compare normalised, so a pin built by hand in another spelling still counts.
            matches = CertificateFingerprint(normalizing: expected)?.hex == peer.fingerprint.hex
            if matches { return .accepted(.pinnedCertificate) }
        case .publicKey(let expected):
            actual = peer.publicKeyPin
            matches = Base64URL.decode(Substring(expected)).map { $0 == Base64URL.decode(Substring(peer.publicKeySHA256)) } ?? false
            if matches { return .accepted(.pinnedPublicKey) }
        }
        return .rejected(ClawPairError(
            .tlsPinMismatch,
            "\(peer.serverName) presented a different \(pin.kind) than the pinned one: expected \(pin.text), got \(actual.text)",
            remedy: "if the gateway's certificate was replaced on purpose, check it on the gateway host with "
                + "`openssl x509 -noout -fingerprint -sha256 -in CERT`, then re-pair or run `clawpair gateways trust`"))
    }

    private static func timestamp(_ seconds: Int64) -> String {
        UTCTimestamp.format(milliseconds: seconds &* 1000)
    }
}
