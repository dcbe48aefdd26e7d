internal import CClawShims
internal import CZBar

/// One zbar image scanner, configured for QR codes only, and the one owner of that handle.
///
/// Not `Sendable`: zbar keeps per-scan state in the scanner, so each thread or task makes
/// its own. Creating one is cheap (a few small allocations).
final class QRDecoder {
    private let scanner: OpaquePointer

    /// - Parameter density: scan every `density`-th row and column; 1 (every line) is what
    ///   `zbarimg` does.
    /// - Throws: ``ClawPairError/Code/zbarUnavailable`` when libzbar cannot be loaded.
    init(density: Int = 1) throws(ClawPairError) {
        try CLibrary.libzbar.require()
        // zbar returns NULL only when malloc fails, where Swift itself would trap too.
        guard let scanner = clawpair_zbar_image_scanner_create() else {
            fatalError("zbar_image_scanner_create failed: out of memory")
        }
        self.scanner = scanner
        // Only QR: the 1-D decoders cost time on every scan line and only add false hits.
        clawpair_zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        clawpair_zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        // Raw bytes: by default zbar guesses a charset and re-encodes, which garbles UTF-8
        // text that has no ECI header (how qrencode and most generators write it).
        clawpair_zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        // ZBAR_CFG_TEST_INVERTED stays off: it rescans a negative copy whenever a scan finds
        // nothing, exactly the cost of our own `inverted` strategy (measured: 448 ms against
        // 2 × 222 ms on 6 MP), but it would double every failed retry and hide which
        // strategy worked.
        // We report payloads, not where they were: skip collecting symbol outlines.
        clawpair_zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_POSITION, 0)
        clawpair_zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
        clawpair_zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
    }

    deinit {
        clawpair_zbar_image_scanner_destroy(scanner)
    }

    /// The payloads of the QR codes zbar finds in `image`, in zbar's order.
    func decode(_ image: GrayImage) -> [[UInt8]] {
        image.pixels.withUnsafeBufferPointer { pixels -> [[UInt8]] in
            guard let zbarImage = clawpair_zbar_image_create() else { return [] }
            // The image borrows `pixels` (no cleanup handler), so it must die inside this closure.
            defer { clawpair_zbar_image_destroy(zbarImage) }
            clawpair_zbar_image_set_format(zbarImage, Self.y800)
            clawpair_zbar_image_set_size(zbarImage, UInt32(image.width), UInt32(image.height))
            clawpair_zbar_image_set_data(zbarImage, pixels.baseAddress, UInt(pixels.count), nil)
            guard clawpair_zbar_scan_image(scanner, zbarImage) > 0 else { return [] }

            var payloads: [[UInt8]] = []
            var symbol = clawpair_zbar_image_first_symbol(zbarImage)
            while let current = symbol {
                defer { symbol = clawpair_zbar_symbol_next(current) }
                guard clawpair_zbar_symbol_get_type(current) == ZBAR_QRCODE,
                      let data = clawpair_zbar_symbol_get_data(current)
                else { continue }
                let length = Int(clawpair_zbar_symbol_get_data_length(current))
                payloads.append(data.withMemoryRebound(to: UInt8.self, capacity: length) {
                    Array(UnsafeBufferPointer(start: $0, count: length))
                })
            }
            return payloads
        }
    }

    /// zbar's fourcc for 8-bit greyscale, one byte per pixel: 'Y800'.
    private static let y800: UInt =
        UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8
        | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24
}
