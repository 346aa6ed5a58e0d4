/// A day of the proleptic Gregorian calendar, with the arithmetic widgets need and no
/// Foundation `Calendar` (which would pull in ICU).
public struct CivilDate: Sendable, Equatable, CustomStringConvertible {
    public let year: Int
    /// 1…12.
    public let month: Int
    /// 1…31.
    public let day: Int

    /// A date; nil when the day does not exist (2023-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local date at `epochSeconds` in a zone `utcOffsetSeconds` from UTC.
    public init(epochSeconds: Double, utcOffsetSeconds: Int) {
        let local = Int((epochSeconds + Double(utcOffsetSeconds)).rounded(.down))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.init(daysSinceEpoch: days)
    }

    /// The date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    public init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (Howard Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 365 or 366.
    public var daysInYear: Int { CivilDate.isLeapYear(year) ? 366 : 365 }

    /// The day of the year, 1 for 1 January.
    public var ordinal: Int {
        (1..<month).reduce(day) { $0 + CivilDate.daysIn(month: $1, year: year) }
    }

    /// ISO weekday: 1 Monday … 7 Sunday.
    public var isoWeekday: Int {
        let fromThursday = (daysSinceEpoch % 7 + 7) % 7  // 1970-01-01 was a Thursday.
        return (fromThursday + 3) % 7 + 1
    }

    /// The ISO 8601 week number, 1…53.
    public var isoWeek: Int {
        let week = (ordinal - isoWeekday + 10) / 7
        if week < 1 { return CivilDate.isoWeeksIn(year: year - 1) }
        if week > CivilDate.isoWeeksIn(year: year) { return 1 }
        return week
    }

    /// 52 or 53: years that start on a Thursday, or leap years that start on a Wednesday, have 53.
    public static func isoWeeksIn(year: Int) -> Int {
        func p(_ y: Int) -> Int { ((y + y / 4 - y / 100 + y / 400) % 7 + 7) % 7 }
        return p(year) == 4 || p(year - 1) == 3 ? 53 : 52
    }

    public var description: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : "\(month)"
        let d = day < 10 ? "0\(day)" : "\(day)"
        return "\(y)-\(m)-\(d)"
    }
}
