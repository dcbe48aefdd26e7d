/// One QR code found in an image.
public struct QRSymbol: Sendable, Hashable {
    /// The payload exactly as encoded, with no charset conversion.
    public let bytes: [UInt8]
    /// How the scanner found it: `"direct"` for the image as given, otherwise the transforms
    /// applied, joined by `+` in the order applied (`"inverted"`, `"upscaled-3"`,
    /// `"mirrored+inverted"`, `"rotated-30"`). For diagnostics; not a stable API.
    public let strategy: String

    /// Creates a symbol from a decoded payload.
    public init(bytes: [UInt8], strategy: String) {
        self.bytes = bytes
        self.strategy = strategy
    }

    /// The payload as text when it is valid UTF-8 (setup codes are ASCII), otherwise nil.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }
}
