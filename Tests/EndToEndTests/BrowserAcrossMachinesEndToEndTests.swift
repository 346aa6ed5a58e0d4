import Foundation
import Testing

/// MonkeyBrowser on two machines ("laptop" and "server": two BATON_HOMEs, two daemons, two links) joined to one
/// account on a real PostgreSQL: a page loaded on the laptop is offered in the server machine's dock as from
/// `A@laptop`, continued there with Ctrl-O with its history (through the continuation stream, across the server),
/// and handed back.
@Suite(.serialized) struct BrowserAcrossMachinesEndToEndTests {
    @Test func aTabHandsOffFromOneMachineToTheOtherAndBack() async throws {
        let machines = try await TwoMachines()
        defer { machines.remove() }
        let web = try BrowserHandoffFlow.site(in: machines.laptop.home)
        defer { web.stop() }
        let a = try TmuxSession(
            command: machines.laptop.suiteCommand("--device A"), width: 100, height: 30,
            environment: machines.laptop.environment)
        defer { a.close() }
        let b = try TmuxSession(
            command: machines.server.suiteCommand("--device B"), width: 100, height: 30,
            environment: machines.server.environment)
        defer { b.close() }
        try await BrowserHandoffFlow.handOffAndBack(
            a, b, web: web, aName: "A@laptop", bName: "B@server", offerTimeout: 60)

        // The server was given the routes of the offers, not their devices, apps, activity types, page titles or
        // addresses.
        let rows = try machines.postgres.psql(
            database: "baton", "SELECT row_to_json(o)::text, encode(sealed, 'escape') FROM baton.offers o")
        #expect(!rows.isEmpty)
        for plaintext in ["com.baton.monkeybrowser", "Page One", "one.html", "\"A\"", "laptop"] {
            #expect(!rows.contains(plaintext), "the server holds \(plaintext)")
        }
    }
}
