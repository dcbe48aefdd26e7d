/// Turns the bytes of a PNG, JPEG or PNM file into a ``GrayImage``.
///
/// The format comes from the file's magic number (``ImageFormat``), not its name. Decoding
/// is pure: reading the file is ``FileIO``'s job.
public enum ImageDecoder {
    /// Decodes `bytes` to 8-bit luminance.
    ///
    /// - Throws: `.imageUnreadable` for empty, truncated, corrupt or unrecognised data;
    ///   `.imageUnsupported` for a recognised format clawpair doesn't decode (GIF, BMP, WebP,
    ///   TIFF, PAM, CMYK JPEG); `.imageTooLarge` when the header claims more than
    ///   ``GrayImage/maximumPixelCount`` pixels, before anything that size is allocated.
    public static func decode(_ bytes: [UInt8]) throws(ClawPairError) -> GrayImage {
        guard !bytes.isEmpty else {
            throw ClawPairError(.imageUnreadable, "image file is empty")
        }
        guard let format = ImageFormat(sniffing: bytes) else {
            throw ClawPairError(
                .imageUnreadable, "not a PNG, JPEG or PNM image",
                remedy: "save the QR code as a PNG or JPEG screenshot"
            )
        }
        switch format {
        case .png: return try PNGImage.decode(bytes)
        case .jpeg: return try JPEGImage.decode(bytes)
        case .pnm: return try PNMImage.decode(bytes)
        case .gif, .bmp, .webp, .tiff, .pam:
            throw ClawPairError(
                .imageUnsupported, "\(format.rawValue) images are not supported",
                remedy: "convert the image to PNG, e.g. `convert \(ShellQuoting.quote("in." + format.rawValue.lowercased())) out.png`"
            )
        }
    }
}
