import Testing
import WidgetExtensionKit

@Suite("CivilDate")
struct CivilDateTests {
    @Test(
        "day of the year and leap years",
        arguments: [
            (2024, 1, 1, 1, 366), (2023, 1, 1, 1, 365),
            (2024, 2, 29, 60, 366), (2024, 3, 1, 61, 366), (2023, 3, 1, 60, 365),
            (2024, 12, 30, 365, 366), (2024, 12, 31, 366, 366),
            (2023, 12, 30, 364, 365), (2023, 12, 31, 365, 365),
            (2000, 12, 31, 366, 366), (1900, 12, 31, 365, 365),
        ])
    func ordinal(year: Int, month: Int, day: Int, ordinal: Int, daysInYear: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.ordinal == ordinal)
        #expect(date.daysInYear == daysInYear)
    }

    @Test("days that do not exist are refused")
    func refusesMissingDays() {
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2024, month: 13, day: 1) == nil)
    }

    @Test("epoch days round-trip", arguments: [-800_000, -1, 0, 1, 19_722, 20_000, 2_932_896])
    func roundTrip(days: Int) {
        #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
    }

    @Test("the local date honours the UTC offset")
    func localDate() {
        // 2024-12-31T23:30:00Z
        let instant = 1_735_687_800.0
        #expect(CivilDate(epochSeconds: instant, utcOffsetSeconds: 0).description == "2024-12-31")
        #expect(CivilDate(epochSeconds: instant, utcOffsetSeconds: 3600).description == "2025-01-01")
        #expect(CivilDate(epochSeconds: -1, utcOffsetSeconds: 0).description == "1969-12-31")
    }

    @Test(
        "ISO week numbers",
        arguments: [
            (2021, 1, 3, 53), (2021, 1, 4, 1), (2024, 12, 30, 1), (2024, 12, 29, 52),
            (2020, 12, 31, 53), (2026, 1, 1, 1), (2027, 1, 1, 53), (2024, 6, 15, 24),
        ])
    func isoWeek(year: Int, month: Int, day: Int, week: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.isoWeek == week)
    }

    @Test("ISO weekday")
    func weekday() throws {
        #expect(try #require(CivilDate(year: 1970, month: 1, day: 1)).isoWeekday == 4)
        #expect(try #require(CivilDate(year: 2024, month: 12, day: 29)).isoWeekday == 7)
        #expect(try #require(CivilDate(year: 2024, month: 12, day: 30)).isoWeekday == 1)
    }
}
