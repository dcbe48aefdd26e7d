/// Netpbm images (PBM, PGM, PPM in their plain P1–P3 and raw P4–P6 forms), parsed in Swift.
///
/// The format is a few header tokens and a raster, so no C library is needed. Every count in
/// the header is checked against ``GrayImage/maximumPixelCount`` before allocating and against
/// the bytes that remain before reading.
enum PNMImage {
    /// Decodes the first image in `bytes`, which start with `P1`…`P6`.
    static func decode(_ bytes: [UInt8]) throws(ClawPairError) -> GrayImage {
        try bytes.withUnsafeBufferPointer { buffer throws(ClawPairError) in
            var reader = Reader(bytes: buffer)
            return try decode(&reader)
        }
    }

    private static func decode(_ reader: inout Reader) throws(ClawPairError) -> GrayImage {
        guard reader.next() == UInt8(ascii: "P"), let digit = reader.next(),
              (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(digit)
        else {
            throw ClawPairError(.imageUnreadable, "not a PNM image: bad magic number")
        }
        let kind = Int(digit - UInt8(ascii: "0"))
        guard kind != 7 else {
            throw ClawPairError(
                .imageUnsupported, "PAM (P7) images are not supported",
                remedy: "convert the image to PNG"
            )
        }
        let width = try reader.headerNumber("width")
        let height = try reader.headerNumber("height")
        try GrayImage.checkSize(width: width, height: height)

        let isBitmap = kind == 1 || kind == 4
        let maxValue = isBitmap ? 1 : try reader.headerNumber("maxval")
        guard (1...65535).contains(maxValue) else {
            throw ClawPairError(.imageUnreadable, "PNM maxval \(maxValue) is outside 1…65535")
        }
        if kind >= 4 {
            try reader.skipRasterSeparator()
        }

        let channels = (kind == 3 || kind == 6) ? 3 : 1
        // Every plain sample takes at least one character: a short file fails here, before
        // the pixel buffer is allocated.
        if kind <= 3, reader.remaining < width * height * channels {
            throw truncated
        }
        switch kind {
        case 1: return try plainBitmap(&reader, width: width, height: height)
        case 4: return try rawBitmap(&reader, width: width, height: height)
        case 2, 3:
            return try grayImage(width: width, height: height, channels: channels, maxValue: maxValue) {
                () throws(ClawPairError) -> Int in try reader.rasterNumber(maxValue: maxValue)
            }
        default:
            let sampleSize = maxValue > 255 ? 2 : 1
            let needed = width * height * channels * sampleSize
            guard reader.remaining >= needed else { throw truncated }
            if channels == 1, maxValue == 255 {
                return GrayImage(unchecked: width, height, Array(reader.take(needed)))
            }
            let raster = reader.take(needed)
            var offset = raster.startIndex
            return try grayImage(width: width, height: height, channels: channels, maxValue: maxValue) {
                () throws(ClawPairError) -> Int in
                var sample = Int(raster[offset])
                if sampleSize == 2 { sample = sample << 8 | Int(raster[offset + 1]) }
                offset += sampleSize
                guard sample <= maxValue else { throw sampleTooLarge(sample, maxValue) }
                return sample
            }
        }
    }

    /// Builds the image from `nextSample`, which yields `channels` samples per pixel in
    /// 0…`maxValue`; colour becomes luminance with the Rec. 601 weights.
    private static func grayImage(
        width: Int, height: Int, channels: Int, maxValue: Int,
        nextSample: () throws(ClawPairError) -> Int
    ) throws(ClawPairError) -> GrayImage {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for index in 0..<pixels.count {
            var value: Int
            if channels == 3 {
                let red = try nextSample(), green = try nextSample(), blue = try nextSample()
                value = (red * 299 + green * 587 + blue * 114 + 500) / 1000
            } else {
                value = try nextSample()
            }
            if maxValue != 255 { value = (value * 255 + maxValue / 2) / maxValue }
            pixels[index] = UInt8(value)
        }
        return GrayImage(unchecked: width, height, pixels)
    }

    /// P1: one `0` (white) or `1` (black) character per pixel; whitespace between them is
    /// optional.
    private static func plainBitmap(
        _ reader: inout Reader, width: Int, height: Int
    ) throws(ClawPairError) -> GrayImage {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for index in 0..<pixels.count {
            reader.skipWhitespaceAndComments()
            switch reader.next() {
            case UInt8(ascii: "0"): pixels[index] = 255
            case UInt8(ascii: "1"): pixels[index] = 0
            case nil: throw truncated
            default: throw ClawPairError(.imageUnreadable, "PBM raster holds a character other than 0 or 1")
            }
        }
        return GrayImage(unchecked: width, height, pixels)
    }

    /// P4: one bit per pixel, 1 is black, most significant bit first, each row padded to a
    /// whole byte.
    private static func rawBitmap(
        _ reader: inout Reader, width: Int, height: Int
    ) throws(ClawPairError) -> GrayImage {
        let rowBytes = (width + 7) / 8
        guard reader.remaining >= rowBytes * height else { throw truncated }
        let raster = reader.take(rowBytes * height)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let rowStart = raster.startIndex + y * rowBytes
            for x in 0..<width {
                let bit = raster[rowStart + x / 8] & (0x80 >> UInt8(x % 8))
                pixels[y * width + x] = bit == 0 ? 255 : 0
            }
        }
        return GrayImage(unchecked: width, height, pixels)
    }

    private static var truncated: ClawPairError { ImageFormat.pnm.truncatedError() }

    private static func sampleTooLarge(_ sample: Int, _ maxValue: Int) -> ClawPairError {
        ClawPairError(.imageUnreadable, "PNM sample \(sample) is larger than the maxval \(maxValue)")
    }

    // MARK: Tokenizer

    /// A bounds-checked cursor over the file's bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var remaining: Int { bytes.count - offset }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (0x09...0x0D).contains(byte)
        }

        mutating func next() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func take(_ count: Int) -> Slice<UnsafeBufferPointer<UInt8>> {
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        /// Skips whitespace and `#` comments, which run to the end of the line.
        mutating func skipWhitespaceAndComments() {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "#") {
                    while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D {
                        offset += 1
                    }
                } else if Self.isWhitespace(byte) {
                    offset += 1
                } else {
                    return
                }
            }
        }

        /// Exactly one whitespace byte separates the header from a raw raster; a comment
        /// there counts as its newline, as in libnetpbm.
        mutating func skipRasterSeparator() throws(ClawPairError) {
            guard let separator = next() else { throw PNMImage.truncated }
            if separator == UInt8(ascii: "#") {
                while let byte = next(), byte != 0x0A, byte != 0x0D {}
            } else if !Self.isWhitespace(separator) {
                throw ClawPairError(.imageUnreadable, "PNM header is not followed by whitespace")
            }
        }

        /// The next decimal number after whitespace and comments, or nil if there is none.
        mutating func number() -> Int? {
            skipWhitespaceAndComments()
            var value = 0, digits = 0
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                // Cap the value rather than overflow; anything this large is rejected anyway.
                value = min(value * 10 + Int(bytes[offset] - UInt8(ascii: "0")), Int(UInt32.max))
                offset += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }

        mutating func headerNumber(_ field: String) throws(ClawPairError) -> Int {
            guard let value = number() else {
                if remaining == 0 { throw PNMImage.truncated }
                throw ClawPairError(.imageUnreadable, "PNM header has no valid \(field)")
            }
            return value
        }

        mutating func rasterNumber(maxValue: Int) throws(ClawPairError) -> Int {
            guard let value = number() else {
                if remaining == 0 { throw PNMImage.truncated }
                throw ClawPairError(.imageUnreadable, "PNM raster holds a character that is not a number")
            }
            guard value <= maxValue else { throw PNMImage.sampleTooLarge(value, maxValue) }
            return value
        }
    }
}
