/// The container format of an image file, recognised from its first bytes.
///
/// Sniffing the magic number rather than trusting a file name means a PNG saved as
/// `code.jpg` still decodes, and a web page saved as `code.png` gets a clear error.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    /// Netpbm P1–P6 (PBM, PGM, PPM).
    case pnm = "PNM"
    // Recognised only to name them in the error: clawpair does not decode these.
    case gif = "GIF"
    case bmp = "BMP"
    case webp = "WebP"
    case tiff = "TIFF"
    case pam = "PAM"

    /// Whether ``ImageDecoder`` can decode this format.
    public var isSupported: Bool {
        switch self {
        case .png, .jpeg, .pnm: true
        default: false
        }
    }

    /// The format whose magic number `bytes` start with, or nil for anything else.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(with magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count >= 3, head[0] == UInt8(ascii: "P"),
                  (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(head[1]),
                  head[2] == 0x20 || (0x09...0x0D).contains(head[2]) || head[2] == UInt8(ascii: "#") {
            self = head[1] == UInt8(ascii: "7") ? .pam : .pnm
        } else if starts(with: Array("GIF8".utf8)) {
            self = .gif
        } else if starts(with: Array("BM".utf8)) {
            self = .bmp
        } else if starts(with: Array("RIFF".utf8)), head.count >= 12, Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else {
            return nil
        }
    }
}

extension ImageFormat {
    /// `IMAGE_UNREADABLE` for a file of this format that ends before its data does: one
    /// message and remedy for every decoder that can tell.
    func truncatedError(fileID: StaticString = #fileID, line: UInt = #line) -> ClawPairError {
        ClawPairError(
            .imageUnreadable, "\(rawValue) file is truncated", remedy: "the file was cut short; copy or export it again",
            fileID: fileID, line: line)
    }
}
