import Testing
@testable import ClawPairWire

@Suite struct QRModuleGridTests {
    @Test func acceptsExactlyTheFortySizes() {
        var accepted: [Int] = []
        for size in 0...200 where QRModuleGrid(size: size, modules: [Bool](repeating: false, count: size * size)) != nil {
            accepted.append(size)
        }
        #expect(accepted == (1...40).map { 17 + 4 * $0 })
    }

    @Test func refusesAWrongModuleCount() {
        #expect(QRModuleGrid(size: 21, modules: [Bool](repeating: true, count: 440)) == nil)
        #expect(QRModuleGrid(size: 21, modules: [Bool](repeating: true, count: 442)) == nil)
        #expect(QRModuleGrid(size: 21, modules: []) == nil)
        #expect(QRModuleGrid(size: -21, modules: []) == nil)
    }

    /// Row-major from the top left: index row · size + column.
    @Test func subscriptIsRowThenColumn() throws {
        var modules = [Bool](repeating: false, count: 21 * 21)
        modules[2 * 21 + 5] = true
        let grid = try #require(QRModuleGrid(size: 21, modules: modules))
        #expect(grid[2, 5] && !grid[5, 2])
        #expect(grid.version == 1)
    }

    @Test func transposedSwapsRowsAndColumns() throws {
        var modules = [Bool](repeating: false, count: 25 * 25)
        for index in modules.indices where index % 7 == 0 || index % 11 == 3 { modules[index] = true }
        let grid = try #require(QRModuleGrid(size: 25, modules: modules))
        let transposed = grid.transposed
        #expect(transposed.size == 25)
        for row in 0..<25 {
            for column in 0..<25 where transposed[row, column] != grid[column, row] {
                Issue.record("(\(row), \(column))")
            }
        }
        #expect(transposed != grid && transposed.transposed == grid)
    }
}
