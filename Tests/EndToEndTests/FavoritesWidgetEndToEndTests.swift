import Foundation
import Testing

/// Issue 13, finding 7: a favourite set on one device reaches the other device's Favorites widget with no
/// key pressed, and `o` on the widget opens the store in Stores.
@Suite struct FavoritesWidgetEndToEndTests {
    @Test func theWidgetFollowsAFavouriteSetOnAnotherDeviceAndOpensIt() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let (a, b) = (devices.a, devices.b)
        // B: the Today panel with the Favorites widget added in Edit mode.
        try b.send("F3")
        try await b.waitFor("Today is day")
        try b.send("e")
        try await b.waitFor("[ ] Favorites")
        try b.send("j")
        try b.send("Space")
        try await b.waitFor("[✓] Favorites")
        try b.send("Escape")
        try await b.waitFor("No favourite stores yet")

        // A favourites Union Square; B's widget shows it with no key pressed there.
        try a.send("F2")
        try await a.waitFor("stores in view")
        try a.send("/")
        try a.type("Union Square")
        try a.send("Enter")
        try a.send("f")
        try await a.waitFor("★ Union Square is a favourite")
        try await b.waitFor("★ Union Square — San Francisco")

        // `o` on the widget opens the store in Stores.
        try b.send("j")
        try b.send("o")
        let stores = try await b.waitFor("╭─ Union Square")
        #expect(stores.contains("Stores"))
    }
}
