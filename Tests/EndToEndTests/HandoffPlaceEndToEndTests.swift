import Foundation
import Testing

/// Issue 13, finding 2: a tab handed from a 120-column terminal to a 60-column one opens at the same
/// paragraph, not at the same line number.
@Suite struct HandoffPlaceEndToEndTests {
    static let page: String = {
        let paragraphs = (1...300).map { number in
            "<p>Paragraph \(number): the quick brown fox jumps over the lazy dog while the reader keeps the place.</p>"
        }
        return "<html><head><title>Long Read</title></head><body>" + paragraphs.joined() + "</body></html>"
    }()

    /// The number of the first "Paragraph N:" on the screen's page rows.
    static func firstParagraph(_ screen: String) -> Int? {
        guard let match = screen.firstMatch(of: /Paragraph (\d+):/) else { return nil }
        return Int(match.1)
    }

    @Test func theParagraphTravelsAcrossWidths() async throws {
        let fixture = try await BatonFixture()
        let site = try SiteFixture(in: fixture, pages: ["long.html": Self.page])
        defer { site.stop() }
        let a = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 120, height: 30, environment: fixture.environment)
        defer { a.close() }
        let b = try TmuxSession(
            command: fixture.suiteCommand("--device B"), width: 60, height: 30, environment: fixture.environment)
        defer { b.close() }
        try await b.waitFor("Paths")
        try await a.openBrowser()
        try a.go(to: site.url("long.html"))
        try await a.waitFor("Paragraph 1:")
        // Find brings Paragraph 150 on screen (a third of the way down).
        try a.send("/")
        try a.type("Paragraph 150:")
        try a.send("Enter")
        let source = try await a.waitFor("1/1 \"Paragraph 150:\"")
        let top = try #require(Self.firstParagraph(source))
        #expect(top > 100 && top <= 150, "A should show the paragraphs before 150 at its top, shows \(top)")

        try b.send("F1")
        try await b.waitFor("MonkeyBrowser: Weather — Long Read")
        try b.send("C-o")
        let target = try await b.waitFor("Paragraph \(top): the quick brown fox jumps over the lazy") { screen in
            Self.firstParagraph(screen) == top
        }
        // The same paragraph's text starts B's page, at half the width.
        #expect(target.contains("Paragraph \(top): the quick brown fox jumps over the lazy"))
    }
}
