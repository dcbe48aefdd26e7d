internal import CClawShims

/// JPEG images, decoded to grey by libjpeg(-turbo) through the `CClawShims_jpeg*` functions,
/// which turn libjpeg's exit-on-error into a status.
enum JPEGImage {
    /// Room for libjpeg's longest message (JMSG_LENGTH_MAX is 200).
    private static let messageCapacity = 200

    /// Decodes `bytes`, which start with the JPEG start-of-image marker.
    static func decode(_ bytes: [UInt8]) throws(ClawPairError) -> GrayImage {
        try CLibrary.libjpeg.require()
        var message = [CChar](repeating: 0, count: messageCapacity)
        var width: UInt32 = 0, height: UInt32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer { data in
            CClawShims_jpegDecodeGray(data.baseAddress, data.count, &width, &height, nil, 0, &message, messageCapacity)
        }
        try check(headerStatus, message)
        // Before allocating: the header alone can claim 65500 × 65500 pixels.
        try GrayImage.checkSize(width: Int(width), height: Int(height))

        let count = Int(width) * Int(height)
        var status = CClawShims_JPEGStatusOK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            status = bytes.withUnsafeBufferPointer { data in
                CClawShims_jpegDecodeGray(
                    data.baseAddress, data.count, &width, &height, out.baseAddress, count, &message, messageCapacity
                )
            }
            if status != CClawShims_JPEGStatusOK { out.initialize(repeating: 0) }
            initialized = count
        }
        try check(status, message)
        return GrayImage(unchecked: Int(width), Int(height), pixels)
    }

    private static func check(_ status: CClawShims_JPEGStatus, _ message: [CChar]) throws(ClawPairError) {
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case CClawShims_JPEGStatusOK:
            return
        case CClawShims_JPEGStatusTruncated:
            throw ImageFormat.jpeg.truncatedError()
        case CClawShims_JPEGStatusTooLarge:
            // Only reachable if the header changed between the two calls; report it as damage.
            throw ClawPairError(.imageUnreadable, "JPEG header is inconsistent")
        case CClawShims_JPEGStatusUnsupportedColor:
            throw ClawPairError(
                .imageUnsupported, "CMYK JPEG images are not supported",
                remedy: "convert the image to RGB or greyscale"
            )
        default:
            throw ClawPairError(
                .imageUnreadable, "JPEG file is corrupt: \(detail)",
                remedy: "the file may be damaged or not really a JPEG; export it again"
            )
        }
    }
}
