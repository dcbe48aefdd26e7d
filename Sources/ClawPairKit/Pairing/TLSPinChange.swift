/// A pairing that would replace the pin stored for a gateway (issue 15 §4): a new setup code
/// carrying another pin, or a route held to the stored pin presenting another certificate
/// (even one the system trusts). A pin change is a trust decision, never silent: the user
/// confirms it on a terminal, or names the new certificate with `--trust`; otherwise pairing
/// ends with ``ClawPairError/Code/tlsPinMismatch`` (exit 5) before any credential is sent.
public struct TLSPinChange: Sendable {
    /// The registry entry whose pin would change.
    public let gateway: GatewayID
    /// The route the new pin is for.
    public let route: GatewayRoute
    /// The pin stored by an earlier pairing.
    public let old: TLSPin
    /// The new certificate's SHA-256.
    public let new: CertificateFingerprint
    /// The certificate the route presented; nil when a new setup code's pin is decided before
    /// connecting.
    public let peer: TLSPeerCertificate?

    /// Why the pin would change, in words.
    public var cause: String {
        guard let peer else { return "the setup code carries another pin" }
        let system = peer.systemTrusted && peer.hostnameMatched ? ", one this system trusts" : ""
        return "\(route.url) presented another certificate\(system)"
    }

    /// "pin changes from X to Y (why)", the words of the prompt and of the refusal.
    public var summary: String { "pin changes from \(old.text) to \(new.hex) (\(cause))" }

    /// Off a terminal without a matching `--trust`: exit 5, the two ways to accept it.
    var refusal: ClawPairError {
        ClawPairError(
            .tlsPinMismatch, "\(gateway.rawValue): \(summary); nothing was stored and no credential was sent",
            remedy: "if the gateway's certificate was replaced on purpose (\(new.gatewayHostCheck)), run "
                + "`clawpair gateways trust \(ShellQuoting.quote(gateway.rawValue)) --fingerprint \(new.hex)` or pair again with --trust \(new.hex)")
    }

    /// The user answered no: exit 1, as a declined `gateways forget`.
    var declined: ClawPairError {
        ClawPairError(.cancelled, "\(gateway.rawValue): declined: \(summary); nothing was stored and no credential was sent")
    }

    /// `--trust` naming another certificate than the new one.
    func wrongTrust(_ given: TLSPin) -> ClawPairError {
        ClawPairError(
            .tlsPinMismatch, "\(gateway.rawValue): \(summary), but --trust names \(given.text); nothing was stored and no credential was sent",
            remedy: refusal.remedy)
    }
}
