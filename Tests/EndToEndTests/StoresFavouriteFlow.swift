import Foundation
import Testing

/// Two suites in Stores, both showing Union Square: A marks it a favourite, B shows it with no key pressed there.
enum StoresFavouriteFlow {
    static func markUnionSquareOnAAndSeeItOnB(_ a: TmuxSession, _ b: TmuxSession, timeout: TimeInterval = 45)
        async throws
    {
        try await a.waitFor("Paths")
        try await b.waitFor("Paths")
        try a.send("F2")
        try b.send("F2")
        try await a.waitFor("stores in view")
        try await b.waitFor("stores in view")
        try b.send("/")
        try b.type("Union Square")
        try b.send("Enter")
        try await b.waitFor("  Union Square · San Francisco")

        try a.send("/")
        try a.type("Union Square")
        try a.send("Enter")
        // As on B: the search has put Union Square on screen (and selected it) before `f` is pressed.
        try await a.waitFor("  Union Square · San Francisco")
        try a.send("f")
        // The mark is made on A first (its banner): a key A did not act on then fails here, with A's screen, and is
        // not taken for a change that did not cross.
        try await a.waitFor("★ Union Square is a favourite")
        try await b.waitFor("★ Union Square · San Francisco", timeout: timeout)
    }
}
