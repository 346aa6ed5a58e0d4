import Foundation
import TestSupport
import Testing

/// Stores on two machines joined to one account: with PostgreSQL stopped each side marks a different favourite;
/// when it is back both sides converge on both (the Stores app merges the other side's value with its own marks)
/// and nothing is lost.
@Suite(.serialized) struct StoresOfflineMergeEndToEndTests {
    @Test func favouritesMarkedOnBothSidesWhileTheServerIsStoppedAllSurvive() throws {
        let machines = try TwoMachines()
        defer { machines.close() }
        let (server, laptop, other, a, b) = (machines.server, machines.laptop, machines.other, machines.a, machines.b)
        // Both links up: a first favourite crosses.
        try StoresFavouriteFlow.markUnionSquareOnAAndSeeItOnB(a, b, timeout: 60)

        server.stop()
        try Self.mark("Palo Alto", on: a)
        try Self.mark("Fifth Avenue", on: b)
        try server.start()

        // Both machines' stores converge on all three, whichever write reached the server last.
        let deadline = Date().addingTimeInterval(90)
        var values: [String] = []
        while Date() < deadline {
            values = try [laptop, other].map {
                try Shell.run($0.binary, ["kv", "get", "favoritesIdentifiers"], environment: $0.environment)
            }
            if values.allSatisfy({ v in ["unionsquare", "paloalto", "fifthavenue"].allSatisfy { v.contains($0) } }) {
                break
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        for value in values {
            for slug in ["unionsquare", "paloalto", "fifthavenue"] {
                #expect(value.contains(slug), "\(slug) lost: \(value)")
            }
        }
        // Each suite shows the other side's mark with no key pressed for it there.
        try Self.find("Fifth Avenue", on: a)
        try a.waitFor("★ Fifth Avenue · New York", timeout: 30)
        try Self.find("Palo Alto", on: b)
        try b.waitFor("★ Palo Alto · Palo Alto", timeout: 30)
    }

    /// Searches `store` in the Stores app on `session`.
    static func find(_ store: String, on session: TmuxSession) throws {
        try session.send("/")
        try session.type(store)
        try session.send("Enter")
    }

    /// Searches `store` and marks it a favourite.
    static func mark(_ store: String, on session: TmuxSession) throws {
        try find(store, on: session)
        try session.waitFor("  \(store) · ")
        try session.send("f")
        try session.waitFor("★ \(store) is a favourite")
    }
}
