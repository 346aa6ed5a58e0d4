import Foundation
import Testing

/// Stores on two devices of one account: favourites in sync with no key pressed, store-editing handed off.
@Suite(.serialized) struct StoresEndToEndTests {
    @Test("a favourite set on A shows on B at once; the open store hands off from A to B")
    func favouritesAndHandoff() async throws {
        let fixture = try await BatonFixture()
        let a = try TmuxSession(command: fixture.suiteCommand("--device alpha"), environment: fixture.environment)
        defer { a.close() }
        let b = try TmuxSession(command: fixture.suiteCommand("--device beta"), environment: fixture.environment)
        defer { b.close() }
        try await StoresFavouriteFlow.markUnionSquareOnAAndSeeItOnB(a, b)
        let stored = try Shell.run(
            fixture.binary, ["kv", "get", "favoritesIdentifiers", "--json"], environment: fixture.environment)
        #expect(stored.contains(#""unionsquare":"https://www.apple.com/retail/unionsquare/""#))

        try a.send("Enter")
        try await a.waitFor("Esc close")
        // Issue 24, item 12: the offer names the store, not "Editing Store".
        try await b.waitFor("Stores: Union Square, San Francisco · from alpha")
        try b.send("C-o")
        let continued = try await b.waitFor("Esc close")
        #expect(continued.contains("╭─ Union Square"))
        try await a.waitFor("handed off")
        #expect(!(try a.screen()).contains("Esc close"))
    }
}
