/// The shape of a pairing request id as gateways make them: a UUID, 8-4-4-4-12 hex digits
/// (`clawpair sim` makes them the same way). The id ends up in `openclaw devices approve
/// <requestId>`, a command the user is told to run, so a gateway (or anyone on a plaintext
/// route) must not choose its text: anything else is refused, never shown as a command.
public enum PairingRequestID {
    public static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            switch offset {
            case 8, 13, 18, 23:
                guard byte == UInt8(ascii: "-") else { return false }
            default:
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): continue
                default: return false
                }
            }
        }
        return true
    }
}
