import Foundation
import TestSupport
import Testing

/// Stores on two machines joined to one account: with PostgreSQL stopped each side marks a different favourite;
/// when it is back both sides converge on both (the Stores app merges the other side's value with its own marks)
/// and nothing is lost.
@Suite(.serialized) struct StoresOfflineMergeEndToEndTests {
    @Test func favouritesMarkedOnBothSidesWhileTheServerIsStoppedAllSurvive() async throws {
        let machines = try await TwoMachineSuites()
        defer { machines.close() }
        let (server, a, b) = (machines.postgres, machines.a, machines.b)
        // Both links up: a first favourite crosses.
        try await StoresFavouriteFlow.markUnionSquareOnAAndSeeItOnB(a, b, timeout: 60)

        server.stop()
        try await Self.mark("Palo Alto", on: a)
        try await Self.mark("Fifth Avenue", on: b)
        try server.start()

        // Both machines' stores converge on all three, whichever write reached the server last.
        for value in try await machines.favouritesOnBoth(holding: Self.all) {
            for slug in Self.all { #expect(value.contains(slug), "\(slug) lost: \(value)") }
        }
        // Each suite shows the other side's mark with no key pressed for it there.
        try Self.find("Fifth Avenue", on: a)
        try await a.waitFor("★ Fifth Avenue · New York", timeout: 30)
        try Self.find("Palo Alto", on: b)
        try await b.waitFor("★ Palo Alto · Palo Alto", timeout: 30)
    }

    static let all = ["unionsquare", "paloalto", "fifthavenue"]

    @Test func marksMadeWhileTheServerIsStoppedSurviveWhenNoSuiteRunsAsItComesBack() async throws {
        let machines = try await TwoMachineSuites()
        defer { machines.close() }
        try await StoresFavouriteFlow.markUnionSquareOnAAndSeeItOnB(machines.a, machines.b, timeout: 60)
        machines.postgres.stop()
        try await Self.mark("Palo Alto", on: machines.a)
        try await Self.mark("Fifth Avenue", on: machines.b)
        // Both suites quit: when the server is back the machines' stores settle on one side's value (the last
        // write the server took); the other side's mark is only in its suite's unshared changes.
        machines.quitSuites()
        try machines.postgres.start()
        let settled = try await machines.favouritesOnOneValue()
        #expect(
            !(settled.contains("paloalto") && settled.contains("fifthavenue")),
            "the stores merged without a suite: \(settled)")
        // Relaunched, each suite merges its unshared mark into what its store holds at the first sync.
        try machines.relaunchSuites()
        // Each opens where it was left (Stores, issue 24), or on About.
        try await machines.a.waitFor("the first frame") { $0.contains("Paths") || $0.contains("In view") }
        try await machines.b.waitFor("the first frame") { $0.contains("Paths") || $0.contains("In view") }
        for value in try await machines.favouritesOnBoth(holding: Self.all) {
            for slug in Self.all { #expect(value.contains(slug), "\(slug) lost: \(value)") }
        }
    }

    /// Searches `store` in the Stores app on `session`.
    static func find(_ store: String, on session: TmuxSession) throws {
        try session.send("/")
        try session.type(store)
        try session.send("Enter")
    }

    /// Searches `store` and marks it a favourite.
    static func mark(_ store: String, on session: TmuxSession) async throws {
        try find(store, on: session)
        try await session.waitFor("  \(store) · ")
        try session.send("f")
        try await session.waitFor("★ \(store) is a favourite")
    }
}
