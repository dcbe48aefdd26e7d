/// What `clawpair pair` was given, read into a ``SetupCode``: a setup code (or link, pasted
/// message, URL) as text, or the path of an image holding its QR code.
public enum PairingInput {
    /// Reads `argument`: an existing regular file is scanned for QR codes (the first one
    /// that decodes as a setup code wins); anything else is text for ``SetupCodeReader``.
    ///
    /// Throws ``ClawPairError``: the reader's `SETUP_CODE_*` codes (exit 3, an expired code
    /// among them), the image codes, or ``ClawPairError/Code/setupCodeInvalid`` for an image
    /// without a usable code.
    public static func read(_ argument: String, nowMs: Int64) throws(ClawPairError) -> SetupCode {
        guard isRegularFile(argument) else { return try SetupCodeReader.read(argument, nowMs: nowMs) }
        let symbols = try QRScanner().scan(file: argument)
        guard !symbols.isEmpty else {
            throw ClawPairError(.setupCodeInvalid, "no QR code found in \(argument)", remedy: "show the setup code with `openclaw qr` on the gateway and take a sharper picture, or paste the code as text")
        }
        var firstError: ClawPairError?
        for symbol in symbols {
            guard let text = symbol.text else { continue }
            do { return try SetupCodeReader.read(text, nowMs: nowMs) } catch { firstError = firstError ?? error }
        }
        throw firstError ?? ClawPairError(.setupCodeInvalid, "no setup code in the QR codes of \(argument)")
    }

    /// The credential pairing will present, or the reason there is none: a bare gateway URL
    /// (or an `openclaw://gateway/add` link) names a route but cannot pair — the gateway
    /// issues a bootstrap token only inside a setup code.
    public static func requireCredential(_ code: SetupCode) throws(ClawPairError) {
        if case .none = code.auth {
            throw ClawPairError(
                .pairingNeedsSetupCode,
                "\(code.primary.url) is a gateway address without a setup code; pairing needs the code's bootstrap token",
                remedy: "run `openclaw qr` on the gateway host and pass its setup code (or a picture of the QR code) to `clawpair pair`")
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        // A setup code is base64url or a URL: it never names an existing file by accident.
        guard !path.isEmpty, path.utf8.count < 4096 else { return false }
        return (try? FileMetadata.read(path, followingLinks: true))?.kind == .regularFile
    }
}
