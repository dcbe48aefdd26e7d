/// Decodes a sampled QR Code symbol (a ``QRModuleGrid``) into its payload, following the
/// decoding procedure of ISO/IEC 18004:2015 (section numbers in this folder are that
/// edition's) without any image processing: finding and sampling the symbol, and zbar as
/// the fallback, are ClawPairKit's.
public enum QRSymbolDecoder {
    /// Decodes one sampled symbol: format information (either copy, nearest valid code within
    /// 3 bit errors), version information for v ≥ 7 (either copy; must agree with the size
    /// when readable — if neither copy is readable, trust the size), unmasking, codeword
    /// extraction in the standard's placement order skipping function patterns,
    /// de-interleaving of blocks, Reed–Solomon correction per block, then the segments.
    ///
    /// Does NOT try the transposed grid itself (the caller does).
    ///
    /// - Throws: ``QRDecodeError``: `.formatUnreadable`, `.versionMismatch`,
    ///   `.tooManyErrors`, `.invalidSegments`, or `.unsupportedSegment` for Kanji, ECI,
    ///   Structured Append and FNC1 symbols, which the caller leaves to zbar.
    public static func decode(_ grid: QRModuleGrid) throws(QRDecodeError) -> QRDecodedSymbol {
        let corrected = try correctedData(grid)
        let payload = try QRSegmentParser.payload(of: corrected.dataCodewords, version: grid.version)
        return QRDecodedSymbol(
            version: grid.version, errorCorrection: corrected.format.errorCorrection, mask: corrected.format.mask,
            payload: payload, correctedCodewords: corrected.correctedCodewords)
    }

    /// A symbol's data codewords after Reed–Solomon correction, blocks in order, before the
    /// segments are read.
    package struct CorrectedData: Sendable, Hashable {
        /// The format information the data was read with.
        package let format: QRFormatInformation
        /// The data codewords of every block, block after block (§7.6: the bit stream's order).
        package let dataCodewords: [UInt8]
        /// Codewords corrected, summed over the blocks.
        package let correctedCodewords: Int
    }

    /// Everything ``decode(_:)`` does up to the segments: format and version information,
    /// unmasking, codeword extraction, de-interleaving and Reed–Solomon correction.
    package static func correctedData(_ grid: QRModuleGrid) throws(QRDecodeError) -> CorrectedData {
        let version = grid.version
        // §7.10: from version 7 the size is confirmed by version information. A copy within
        // 3 bits of another version's code means the grid was sampled at the wrong size
        // (or is no symbol); an unreadable pair says nothing, so the size stands.
        if version >= 7 {
            let named = QRVersionInformation.readableVersions(in: grid)
            if !named.isEmpty, !named.contains(version) {
                throw QRDecodeError(
                    .versionMismatch, "the version information names version \(named[0]), but a grid of \(grid.size) modules is version \(version)",
                    namedVersion: named[0])
            }
        }
        // §7.9.1: either copy, corrected up to 3 bits. When the copies name different formats
        // (one damaged into another valid code: complementing all 15 bits does that) the
        // Reed–Solomon check decides between them.
        let candidates = QRFormatInformation.candidates(in: grid)
        guard !candidates.isEmpty else {
            throw QRDecodeError(.formatUnreadable, "neither copy of the format information is within 3 bits of a valid format code")
        }
        let layout = QRSymbolLayout(version: version)
        var firstFailure: QRDecodeError?
        for format in candidates {
            do {
                return try correctedData(grid, layout: layout, format: format)
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
        }
        throw firstFailure ?? QRDecodeError(.tooManyErrors, "no format information candidate decoded")
    }

    /// Reads, de-interleaves and corrects the codewords of `grid` as `format` says.
    private static func correctedData(
        _ grid: QRModuleGrid, layout: QRSymbolLayout, format: QRFormatInformation
    ) throws(QRDecodeError) -> CorrectedData {
        let blocks = QRBlockLayout(version: layout.version, errorCorrection: format.errorCorrection)
        // §7.7.3 and §7.8: the codewords in placement order, unmasked.
        let interleaved = layout.readCodewords(grid.modules, mask: format.mask, count: blocks.totalCodewords)
        // §7.6: back to block after block, each its data then its parity.
        var codewords = blocks.deinterleave(interleaved)
        var corrected = 0
        var data: [UInt8] = []
        data.reserveCapacity(blocks.dataCodewordCount)
        for block in 0..<blocks.blockCount {
            let start = blocks.blockStart(block)
            let range = start..<(start + blocks.codewordCount(inBlock: block))
            // §7.5.2: each block is a Reed–Solomon codeword of its own.
            corrected += try QRReedSolomon.correct(
                &codewords, block: range, parityCount: blocks.parityCodewordsPerBlock,
                maximumErrors: blocks.correctableCodewordsPerBlock)
            data += codewords[start..<(start + blocks.dataCodewordCount(inBlock: block))]
        }
        return CorrectedData(format: format, dataCodewords: data, correctedCodewords: corrected)
    }
}
