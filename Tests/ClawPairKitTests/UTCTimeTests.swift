import Testing

@testable import ClawPairKit

@Suite struct UTCTimeTests {
    @Test(arguments: [
        ([1970, 1, 1, 0, 0, 0], 0),
        ([2000, 3, 1, 0, 0, 0], 951_868_800),  // the day after a leap day of a leap century
        ([2038, 1, 19, 3, 14, 8], 2_147_483_648),  // past 32-bit time_t
        ([1969, 12, 31, 23, 59, 59], -1),
        ([2016, 12, 31, 23, 59, 60], 1_483_228_800),  // a leap second is the next minute's first
    ] as [([Int], Int64)])
    func convertsCalendarFieldsToUnixSeconds(fields: [Int], seconds: Int64) {
        let converted = UTCTime.unixSeconds(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        #expect(converted == seconds)
    }
}
