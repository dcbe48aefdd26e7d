// libFuzzer entry point for the QR symbol decoder: module grids as ClawPairKit samples them
// from untrusted images, so any pattern of modules at any of the 40 sizes. The first byte
// picks the version (byte % 40 + 1), the remaining bits fill the modules row by row from the
// top left, most significant bit first, zero-padded (1 + ⌈177²/8⌉ = 3918 bytes fill the
// largest grid). Whatever decodes must decode the same way twice, name the grid's version,
// and decode again, with nothing to correct, once re-rendered from its corrected codewords.
// Built by Tests/Fuzz/run-target with `swiftc -sanitize=fuzzer,address` over ClawPairWire.

@_cdecl("LLVMFuzzerTestOneInput")
public func qrSymbolFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let version = Int(bytes[0]) % 40 + 1
    let side = 17 + 4 * version
    var modules = [Bool](repeating: false, count: side * side)
    for index in 0..<min(modules.count, (size - 1) * 8) {
        modules[index] = bytes[1 + index / 8] & (0x80 >> UInt8(index % 8)) != 0
    }
    guard let grid = QRModuleGrid(size: side, modules: modules) else { fatalError("a \(side)-module grid was refused") }
    guard grid.transposed.transposed == grid else { fatalError("transposing twice is not the identity") }

    let first = decode(grid)
    let second = decode(grid)
    guard first == second else { fatalError("decoding is not deterministic: \(first) then \(second)") }
    guard case .success(let symbol) = first else { return 0 }
    guard symbol.version == version, (0...7).contains(symbol.mask) else { fatalError("decoded \(symbol) from a version-\(version) grid") }
    let blocks = QRBlockLayout(version: version, errorCorrection: symbol.errorCorrection)
    guard (0...(blocks.blockCount * blocks.correctableCodewordsPerBlock)).contains(symbol.correctedCodewords) else {
        fatalError("\(symbol.correctedCodewords) corrections in \(blocks.blockCount) blocks")
    }

    // Re-rendered from the corrected data codewords: clean, so the same symbol with no corrections.
    guard let corrected = try? QRSymbolDecoder.correctedData(grid) else { fatalError("decoded, but its codewords did not") }
    guard corrected.format == QRFormatInformation(errorCorrection: symbol.errorCorrection, mask: symbol.mask),
        corrected.dataCodewords.count == blocks.dataCodewordCount
    else { fatalError("the corrected data does not match the symbol \(symbol)") }
    let rendered = QRSymbolEncoder.grid(
        dataCodewords: corrected.dataCodewords, version: version, errorCorrection: symbol.errorCorrection, mask: symbol.mask)
    let again = decode(rendered)
    let expected = QRDecodedSymbol(
        version: version, errorCorrection: symbol.errorCorrection, mask: symbol.mask, payload: symbol.payload, correctedCodewords: 0)
    guard again == .success(expected) else { fatalError("re-rendered \(symbol) decodes as \(again)") }
    return 0
}

/// The decoder's answer with errors compared by code (CodedError's ==), so two runs can be compared.
private func decode(_ grid: QRModuleGrid) -> Result<QRDecodedSymbol, QRDecodeError> {
    do {
        return .success(try QRSymbolDecoder.decode(grid))
    } catch {
        return .failure(error)
    }
}
