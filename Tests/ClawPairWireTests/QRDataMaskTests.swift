import Testing
@testable import ClawPairWire

@Suite struct QRDataMaskTests {
    /// ISO/IEC 18004 Table 10's conditions, i the row and j the column, written out again.
    @Test func patternsMatchTable10() {
        let conditions: [(Int, Int) -> Bool] = [
            { i, j in (i + j) % 2 == 0 },
            { i, _ in i % 2 == 0 },
            { _, j in j % 3 == 0 },
            { i, j in (i + j) % 3 == 0 },
            { i, j in (i / 2 + j / 3) % 2 == 0 },
            { i, j in i * j % 2 + i * j % 3 == 0 },
            { i, j in (i * j % 2 + i * j % 3) % 2 == 0 },
            { i, j in ((i + j) % 2 + i * j % 3) % 2 == 0 },
        ]
        for (pattern, condition) in conditions.enumerated() {
            for i in 0..<177 {
                for j in 0..<177 {
                    let table = QRDataMask.periodTable[pattern * 144 + (i % 12) * 12 + j % 12]
                    guard QRDataMask.flips(pattern: pattern, row: i, column: j) == condition(i, j), table == condition(i, j) else {
                        Issue.record("mask \(pattern) at row \(i), column \(j)")
                        return
                    }
                }
            }
        }
    }

    /// Mask 1 flips whole rows: row 0 yes, row 1 no (the top-left module is (0, 0)).
    @Test func rowsAndColumnsAreNotSwapped() {
        #expect(QRDataMask.flips(pattern: 1, row: 0, column: 1))
        #expect(!QRDataMask.flips(pattern: 1, row: 1, column: 0))
        #expect(QRDataMask.flips(pattern: 2, row: 1, column: 0))
        #expect(!QRDataMask.flips(pattern: 2, row: 0, column: 1))
    }
}
