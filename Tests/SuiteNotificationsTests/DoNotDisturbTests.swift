import Foundation
import Notifications
import Testing

@testable import SuiteNotifications

@Suite struct DoNotDisturbTests {
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Warsaw") ?? .gmt
        return calendar
    }

    func at(_ hour: Int, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: 23, hour: hour, minute: minute)) ?? .distantPast
    }

    @Test func scheduleAcrossMidnight() throws {
        let schedule = try #require(DailySchedule(parsing: "22:00-07:00"))
        let state = DoNotDisturb(schedule: schedule)
        #expect(state.isOn(at: at(23), calendar: calendar))
        #expect(state.isOn(at: at(6, 59), calendar: calendar))
        #expect(!state.isOn(at: at(7), calendar: calendar))
        #expect(!state.isOn(at: at(21, 59), calendar: calendar))
        #expect(state.describe(at: at(23), calendar: calendar) == "by schedule 22:00–07:00")
    }

    @Test func scheduleWithinADay() throws {
        let state = DoNotDisturb(schedule: try #require(DailySchedule(parsing: "9:00-17:30")))
        #expect(state.isOn(at: at(12), calendar: calendar))
        #expect(!state.isOn(at: at(17, 30), calendar: calendar))
    }

    @Test func badRangesAreRefused() {
        for bad in ["", "22:00", "25:00-07:00", "22:00-07:60", "22-07", "07:00-07:00", "a:b-c:d"] {
            #expect(DailySchedule(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func manualUntilEnds() {
        let state = DoNotDisturb(manual: true, until: at(15))
        #expect(state.isOn(at: at(14, 59), calendar: calendar))
        #expect(!state.isOn(at: at(15), calendar: calendar))
        #expect(state.describe(at: at(14), calendar: calendar) == "until 15:00")
        #expect(DoNotDisturb(manual: true).describe(at: at(1), calendar: calendar) == "until turned off")
    }

    @Test func savedAndToggled() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = DoNotDisturbFile(url: directory.appendingPathComponent("do-not-disturb.json"))
        #expect(!file.state.isOn(at: at(12)))
        #expect(try file.toggle(at: at(12)).isOn(at: at(12)))
        #expect(try DoNotDisturb.load(from: file.url).manual)
        #expect(try !file.toggle(at: at(12)).isOn(at: at(12)))
    }
}
