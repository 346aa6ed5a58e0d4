import Foundation
import Testing

/// `baton notify` reads times in the caller's zone, not in the one the daemon was started with, and `--at` and
/// `--calendar` land on the same instant, through the real binary and daemon (clock fixed by `BATON_NOW`).
@Suite(.serialized) struct NotifyCallerZoneCLITests {
    /// A harness whose daemon runs in UTC, started at `now`; the commands run afterwards in Lord Howe.
    static func harness(now: String) async throws -> BatonHarness {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "desk"
        harness.environment["BATON_NOW"] = now
        harness.environment["TZ"] = "UTC"
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        harness.environment["TZ"] = "Australia/Lord_Howe"
        return harness
    }

    /// `notify` with `trigger`: the instant the daemon answered, or the exit status and output.
    static func fires(_ harness: BatonHarness, _ trigger: [String]) async throws -> Result<Date, Refusal> {
        let result = try await harness.run(["notify", "--title", "T", "--json"] + trigger)
        guard result.status == 0,
            let reply = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
            let text = reply["nextFireDate"] as? String, let date = try? Date(text, strategy: .iso8601)
        else { return .failure(Refusal(status: result.status, output: result.output)) }
        return .success(date)
    }

    struct Refusal: Error, Equatable {
        var status: Int32?
        var output: String
    }

    static func date(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }

    @Test func aCalendarTriggerLandsAtTheCallersWallTimeNotTheDaemons() async throws {
        let harness = try await Self.harness(now: "2027-10-01T12:00:00+10:30")
        defer { harness.tearDown() }
        let daily = try await Self.fires(harness, ["--calendar", "hour=9 minute=0", "--repeats"])
        #expect(daily == .success(try Self.date("2027-10-02T09:00:00+10:30")))
        // An explicit zone still wins.
        let tokyo = try await Self.fires(harness, ["--calendar", "hour=9 minute=0", "--time-zone", "Asia/Tokyo"])
        #expect(tokyo == .success(try Self.date("2027-10-02T09:00:00+09:00")))
    }

    @Test func atAndCalendarAgreeInLordHowesGap() async throws {
        // 2027-10-03: 02:00 (+10:30) jumps to 02:30 (+11:00).
        let harness = try await Self.harness(now: "2027-10-02T12:00:00+10:30")
        defer { harness.tearDown() }
        let expected = try Self.date("2027-10-03T02:30:00+11:00")
        #expect(try await Self.fires(harness, ["--at", "tomorrow 02:15"]) == .success(expected))
        #expect(try await Self.fires(harness, ["--at", "2027-10-03T02:15"]) == .success(expected))
        #expect(
            try await Self.fires(harness, ["--calendar", "year=2027 month=10 day=3 hour=2 minute=15"])
                == .success(expected))
    }

    @Test func twelveHourTimesAndAPastTodayAreRead() async throws {
        let harness = try await Self.harness(now: "2027-10-02T12:00:00+10:30")
        defer { harness.tearDown() }
        #expect(try await Self.fires(harness, ["--at", "5pm"]) == .success(try Self.date("2027-10-02T17:00:00+10:30")))
        #expect(
            try await Self.fires(harness, ["--at", "5:30pm"]) == .success(try Self.date("2027-10-02T17:30:00+10:30")))
        // 10am has passed today: the next one is tomorrow's, after the change.
        #expect(
            try await Self.fires(harness, ["--at", "10am"]) == .success(try Self.date("2027-10-03T10:00:00+11:00")))
        guard case .failure(let refusal) = try await Self.fires(harness, ["--at", "today 07:00"]) else {
            Issue.record("a past today 07:00 was scheduled")
            return
        }
        #expect(refusal.status == 65)
        #expect(refusal.output.contains("'today 07:00' is in the past (it is 12:00 now)"), "\(refusal.output)")
    }
}
