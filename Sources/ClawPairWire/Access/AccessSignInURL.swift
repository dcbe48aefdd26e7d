/// The page the browser opens for the encrypted session transfer (spec/cloudflare-access.md
/// "Session transfer" step 2). It carries only public values — our X25519 public key and the
/// application's audience — so it may be printed and passed in argv.
public enum AccessSignInURL {
    /// `<origin>/cdn-cgi/access/cli?token=<pub>&aud=<aud>&redirect_url=<…>&send_org_token=true&edge_token_transfer=true&close_interstitial=true`.
    public static func url(origin: AccessOrigin, publicKey: String, audience: String) -> String {
        let token = queryEncoded(publicKey)
        let aud = queryEncoded(audience)
        let redirect = queryEncoded("\(origin)?token=\(token)&aud=\(aud)")
        return "\(origin)/cdn-cgi/access/cli?token=\(token)&aud=\(aud)&redirect_url=\(redirect)"
            + "&send_org_token=true&edge_token_transfer=true&close_interstitial=true"
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    public static func queryEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
