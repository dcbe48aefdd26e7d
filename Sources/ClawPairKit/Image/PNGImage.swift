internal import CClawShims
internal import CPNG

/// PNG images, decoded with libpng's simplified API straight to 8-bit grey.
///
/// libpng converts every PNG colour type and bit depth for us and composites transparency on
/// white, so a black-on-transparent QR code reads as black on paper.
enum PNGImage {
    /// Decodes `bytes`, which start with the PNG signature.
    static func decode(_ bytes: [UInt8]) throws(ClawPairError) -> GrayImage {
        try CLibrary.libpng.require()
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        // libpng keeps its state in `image.opaque` until finish_read or free; free on every path.
        defer { clawpair_png_image_free(&image) }

        return try bytes.withUnsafeBufferPointer { buffer throws(ClawPairError) -> GrayImage in
            // libpng reads from `buffer` until finish_read returns, so both calls stay inside.
            guard clawpair_png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
                throw ClawPairError(
                    .imageUnreadable, "PNG header is damaged: \(message(of: image))",
                    remedy: "the file may be cut short or not really a PNG; export it again"
                )
            }
            let width = Int(image.width), height = Int(image.height)
            // Before allocating: the header alone can claim 100000 × 100000 pixels.
            try GrayImage.checkSize(width: width, height: height)

            image.format = png_uint_32(PNG_FORMAT_GRAY)
            // 16-bit samples are sRGB-encoded in practice (ImageMagick writes them so); read as
            // linear, libpng would gamma-convert every sample, slower and visibly too light.
            image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var white = png_color(red: 255, green: 255, blue: 255)
            var succeeded = false
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
                succeeded = clawpair_png_image_finish_read(
                    &image, &white, out.baseAddress, png_int_32(width), nil
                ) != 0
                if !succeeded { out.initialize(repeating: 0) }
                initialized = width * height
            }
            guard succeeded else {
                throw ClawPairError(
                    .imageUnreadable, "PNG file is truncated or corrupt: \(message(of: image))",
                    remedy: "the file was cut short or damaged; copy or export it again"
                )
            }
            return GrayImage(unchecked: width, height, pixels)
        }
    }

    /// libpng's error text, which it keeps in a fixed 64-byte field of the image.
    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let text = raw.prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
