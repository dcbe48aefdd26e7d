/// The Reed–Solomon code of QR symbols (ISO/IEC 18004 §7.5.2, Annex A): over GF(256)
/// (``QRGaloisField``), the generator polynomial of n parity codewords having the roots
/// α⁰, α¹, …, αⁿ⁻¹. A block's first codeword is its polynomial's highest coefficient.
///
/// Decoding corrects errors only (a sampled grid marks no module as unknown, so there are no
/// erasures): syndromes, the error locator by Berlekamp–Massey, its roots by Chien search,
/// the error values by Forney's formula.
package enum QRReedSolomon {
    /// The generator polynomial of `degree` parity codewords, ∏ (x − αⁱ) for i in 0..<degree,
    /// highest coefficient first (it is monic: entry 0 is 1). ISO/IEC 18004 Annex A lists the
    /// same polynomials by their exponents.
    package static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for root in 0..<degree {
            // Multiply by (x + αʳᵒᵒᵗ): shift up one degree and add αʳᵒᵒᵗ times the old one.
            let factor = QRGaloisField.power(root)
            var next = polynomial + [0]
            for index in polynomial.indices {
                next[index + 1] ^= QRGaloisField.multiply(polynomial[index], factor)
            }
            polynomial = next
        }
        return polynomial
    }

    /// The `count` parity codewords of a block whose data codewords are `data`: the remainder
    /// of data(x) · xⁿ divided by the generator (ISO/IEC 18004 §7.5.2), by long division
    /// with the generator's coefficients kept as logarithms.
    package static func parity(for data: [UInt8], count: Int) -> [UInt8] {
        let exp = QRGaloisField.exp
        let log = QRGaloisField.log
        // Below the leading 1; -1 marks a zero coefficient (none in QR's generators).
        let generatorLogs = generator(degree: count).dropFirst().map { $0 == 0 ? -1 : Int(log[Int($0)]) }
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            for index in 0..<(count - 1) { remainder[index] = remainder[index + 1] }
            remainder[count - 1] = 0
            guard factor != 0 else { continue }
            let factorLog = Int(log[Int(factor)])
            for (index, coefficientLog) in generatorLogs.enumerated() where coefficientLog >= 0 {
                remainder[index] ^= exp[coefficientLog + factorLog]
            }
        }
        return remainder
    }

    /// Corrects the block `codewords[block]` in place, its last `parityCount` codewords being
    /// parity, and returns how many codewords it changed (0 for a clean block).
    ///
    /// - Parameter maximumErrors: the most errors to correct: ⌊parityCount / 2⌋, less the
    ///   standard's misdecode-protection codewords for the smallest symbols
    ///   (``QRBlockLayout/correctableCodewordsPerBlock``), which keep a random grid from
    ///   "correcting" to a valid-looking block.
    /// - Throws: ``QRDecodeError`` `.tooManyErrors` when the block is further than that from
    ///   every codeword, as far as the syndromes can tell; the block may then be left partly
    ///   changed (the decoder drops it).
    package static func correct(
        _ codewords: inout [UInt8], block: Range<Int>, parityCount: Int, maximumErrors: Int
    ) throws(QRDecodeError) -> Int {
        guard parityCount > 0, block.count > parityCount else { return 0 }
        var syndromes = [UInt8](repeating: 0, count: parityCount)
        guard computeSyndromes(codewords, block: block, into: &syndromes) else { return 0 }

        let locator = berlekampMassey(syndromes)
        let errorCount = locator.count - 1
        guard errorCount <= maximumErrors else {
            throw QRDecodeError(.tooManyErrors, "a block of \(block.count) codewords has more than \(maximumErrors) errors")
        }
        // Chien search: position i (from the block's start) holds the coefficient of
        // x^(n-1-i), so an error there is a root of the locator at α^-(n-1-i).
        let length = block.count
        let positions = chienSearch(locator, length: length)
        // Fewer roots than the locator's degree inside the block: the errors the syndromes
        // describe would lie beyond the block's end, so there are more than it can correct.
        guard positions.count == errorCount else {
            throw QRDecodeError(.tooManyErrors, "a block of \(block.count) codewords cannot be corrected: its error locator has roots outside it")
        }

        // Forney: with the first root α⁰, the error value at X = α^k is
        // X · Ω(X⁻¹) / Λ'(X⁻¹), where Ω = S · Λ mod x^parityCount.
        let evaluator = errorEvaluator(syndromes: syndromes, locator: locator)
        let derivative = formalDerivative(locator)
        for index in positions {
            let exponent = length - 1 - index
            let inverse = QRGaloisField.power(-exponent)
            let denominator = evaluate(derivative, at: inverse)
            guard denominator != 0 else {
                throw QRDecodeError(.tooManyErrors, "a block of \(block.count) codewords cannot be corrected: repeated error locator root")
            }
            let value = QRGaloisField.multiply(
                QRGaloisField.power(exponent), QRGaloisField.divide(evaluate(evaluator, at: inverse), denominator))
            codewords[block.lowerBound + index] ^= value
        }
        // The corrected block must be a codeword; a miscomputed correction is caught here
        // rather than returned as data.
        guard !computeSyndromes(codewords, block: block, into: &syndromes) else {
            throw QRDecodeError(.tooManyErrors, "a block of \(block.count) codewords is still damaged after correction")
        }
        return errorCount
    }

    /// Fills `syndromes` with r(αʲ) for j in 0..<syndromes.count, r being the block read as a
    /// polynomial; true when any is non-zero (the block is damaged).
    ///
    /// Horner's rule for all of them at once, codeword by codeword: s_j ← s_j · αʲ + c. The
    /// syndromes do not depend on each other, so the processor overlaps their table loads; a
    /// clean symbol (the usual case) costs only this.
    private static func computeSyndromes(_ codewords: [UInt8], block: Range<Int>, into syndromes: inout [UInt8]) -> Bool {
        let products = QRGaloisField.powerProducts
        precondition(syndromes.count <= QRGaloisField.maximumParityCodewords, "a QR block has at most 30 parity codewords")
        var damaged: UInt8 = 0
        codewords.withUnsafeBufferPointer { words in
            products.withUnsafeBufferPointer { products in
                syndromes.withUnsafeMutableBufferPointer { syndromes in
                    for index in syndromes.indices { syndromes[index] = 0 }
                    for index in block {
                        let word = words[index]
                        for power in syndromes.indices {
                            syndromes[power] = products[power &<< 8 | Int(syndromes[power])] ^ word
                        }
                    }
                    for value in syndromes { damaged |= value }
                }
            }
        }
        return damaged != 0
    }

    /// The error locator Λ(x) = 1 + Λ₁x + … + Λ_L x^L of the shortest linear recurrence that
    /// generates the syndromes (Berlekamp–Massey), lowest coefficient first; L = count − 1.
    private static func berlekampMassey(_ syndromes: [UInt8]) -> [UInt8] {
        var current: [UInt8] = [1]
        var previous: [UInt8] = [1]
        var length = 0
        var shift = 1
        var previousDiscrepancy: UInt8 = 1
        for step in syndromes.indices {
            var discrepancy = syndromes[step]
            if length > 0 {
                for index in 1...length where index < current.count {
                    discrepancy ^= QRGaloisField.multiply(current[index], syndromes[step - index])
                }
            }
            if discrepancy == 0 {
                shift += 1
                continue
            }
            let scale = QRGaloisField.divide(discrepancy, previousDiscrepancy)
            var next = current
            if next.count < previous.count + shift {
                next += [UInt8](repeating: 0, count: previous.count + shift - next.count)
            }
            for index in previous.indices {
                next[index + shift] ^= QRGaloisField.multiply(scale, previous[index])
            }
            if 2 * length <= step {
                previous = current
                length = step + 1 - length
                previousDiscrepancy = discrepancy
                shift = 1
            } else {
                shift += 1
            }
            current = next
        }
        // Trailing zero coefficients (from padding) do not count towards the degree.
        while current.count > length + 1, current.last == 0 { current.removeLast() }
        if current.count < length + 1 {
            current += [UInt8](repeating: 0, count: length + 1 - current.count)
        }
        return current
    }

    /// The block positions i in 0..<length where Λ(α^-(length-1-i)) = 0, in the log domain:
    /// Λₖ · α^(-k·e) is one table load per non-zero coefficient, e = length − 1 − i.
    private static func chienSearch(_ locator: [UInt8], length: Int) -> [Int] {
        let exp = QRGaloisField.exp
        let log = QRGaloisField.log
        var terms: [(degree: Int, log: Int)] = []
        for degree in 1..<locator.count where locator[degree] != 0 {
            terms.append((degree, Int(log[Int(locator[degree])])))
        }
        var positions: [Int] = []
        for index in 0..<length {
            let inverseExponent = 255 - (length - 1 - index) % 255
            var value = locator[0]
            for term in terms {
                value ^= exp[term.log + (inverseExponent * term.degree) % 255]
            }
            if value == 0 { positions.append(index) }
        }
        return positions
    }

    /// Ω(x) = S(x) · Λ(x) mod x^(number of syndromes), lowest coefficient first.
    private static func errorEvaluator(syndromes: [UInt8], locator: [UInt8]) -> [UInt8] {
        var evaluator = [UInt8](repeating: 0, count: syndromes.count)
        for (degree, coefficient) in locator.enumerated() where coefficient != 0 && degree < syndromes.count {
            for index in 0..<(syndromes.count - degree) {
                evaluator[index + degree] ^= QRGaloisField.multiply(coefficient, syndromes[index])
            }
        }
        return evaluator
    }

    /// The formal derivative, lowest coefficient first: in characteristic 2 the even-degree
    /// terms vanish and each odd one drops a degree.
    private static func formalDerivative(_ polynomial: [UInt8]) -> [UInt8] {
        guard polynomial.count > 1 else { return [0] }
        var derivative = [UInt8](repeating: 0, count: polynomial.count - 1)
        for degree in stride(from: 1, to: polynomial.count, by: 2) { derivative[degree - 1] = polynomial[degree] }
        return derivative
    }

    /// p(x) for a polynomial stored lowest coefficient first, by Horner's rule.
    private static func evaluate(_ polynomial: [UInt8], at x: UInt8) -> UInt8 {
        var value: UInt8 = 0
        for coefficient in polynomial.reversed() { value = QRGaloisField.multiply(value, x) ^ coefficient }
        return value
    }
}
