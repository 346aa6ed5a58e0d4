import Foundation
import Testing

/// The real `baton dump` command: the page printed as the library lays it out, and errors as one line with a
/// non-zero exit code.
@Suite struct DumpCommandEndToEndTests {
    static let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HTMLTextTests")

    /// The text before the References list (file URLs differ from the goldens' https base).
    private static func body(_ text: String) -> String {
        text.components(separatedBy: "\nReferences\n").first ?? text
    }

    @Test(arguments: ["tables", "wide-table", "lists", "cjk"], [40, 80])
    func printsTheGoldenLayout(page: String, columns: Int) async throws {
        let fixture = try await BatonFixture()
        let file = Self.pages.appendingPathComponent("Pages/\(page).html").path
        let output = try Shell.run(fixture.binary, ["dump", file, "--cols", String(columns)])
        let golden = try String(
            contentsOf: Self.pages.appendingPathComponent("Golden/\(page)-\(columns).txt"), encoding: .utf8)
        #expect(Self.body(output) == Self.body(golden))
    }

    /// A page big enough for the layout to run on a second thread (and the heap to be filled in ahead)
    /// prints exactly what the same blocks print one at a time on one thread.
    @Test(arguments: [40, 120])
    func aLargePageLaysOutAsItsRepeatedBlock(columns: Int) async throws {
        let fixture = try await BatonFixture()
        let block =
            "<h2 id=\"s\">Section</h2><p>Some words in a paragraph that wraps at narrow widths, with <b>bold</b>"
            + " and <i>italic</i> text.</p><ul><li>first item<li>second item<ol><li>nested</ol></ul>"
            + "<table border=1><tr><th>name<th>value<tr><td>alpha<td>1<tr><td>beta<td>2</table>"
            + "<pre>  kept  as is</pre><hr>"
        let one = fixture.home.appendingPathComponent("one.html")
        let many = fixture.home.appendingPathComponent("many.html")
        try Data("<body>\(block)</body>".utf8).write(to: one)
        let large = "<body>" + String(repeating: block, count: 300) + "</body>"
        #expect(large.utf8.count > 64 * 1024)
        try Data(large.utf8).write(to: many)
        let single = try Shell.run(fixture.binary, ["dump", one.path, "--cols", String(columns)])
        let repeated = try Shell.run(fixture.binary, ["dump", many.path, "--cols", String(columns)])
        let trimmed = String(single.reversed().drop { $0 == "\n" }.reversed())
        #expect(repeated == Array(repeating: trimmed, count: 300).joined(separator: "\n\n") + "\n")
    }

    @Test func aMissingFileIsOneLineAndExitCodeOne() async throws {
        let fixture = try await BatonFixture()
        let missing = fixture.home.appendingPathComponent("missing.html").path
        #expect {
            try Shell.run(fixture.binary, ["dump", missing])
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 1 && output == "baton dump: no such file: \(missing)\n"
        }
    }

    /// `#section` on a page served from `http://host:port` resolves to `http://host:port/#section`.
    @Test func aFragmentResolvesAgainstTheRootPath() async throws {
        let fixture = try await BatonFixture()
        let site = try SiteFixture(
            in: fixture,
            pages: [
                "index.html": "<p><a href=\"#top\">top</a> <a href=\"other.html\">other</a></p>"
            ])
        defer { site.stop() }
        let output = try Shell.run(fixture.binary, ["dump", site.server.base.absoluteString])
        #expect(output.contains(site.server.base.absoluteString + "/#top"), "\(output)")
        #expect(output.contains(site.server.base.absoluteString + "/other.html"))
    }

    /// Issue 28, finding 7: `&#27;` and `&#7;` in a page reach the terminal escaped (no retitle, no clear
    /// screen); `--raw` prints them as they are.
    @Test func controlCharactersFromAPageAreEscapedUnlessRaw() async throws {
        let fixture = try await BatonFixture()
        let page = fixture.home.appendingPathComponent("hostile.html")
        try Data("<p>A&#27;]0;PWNED&#7;&#27;[2JB &#x202E;C</p><pre>x\ty</pre>".utf8).write(to: page)
        let output = try Shell.run(fixture.binary, ["dump", page.path])
        #expect(!output.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) }, "\(output)")
        #expect(output.contains("A\\u{1b}]0;PWNED\\u{7}\\u{1b}[2JB \\u{202e}C"), "\(output)")
        let raw = try Shell.run(fixture.binary, ["dump", "--raw", page.path])
        #expect(raw.contains("A\u{1B}]0;PWNED\u{07}\u{1B}[2JB"), "\(raw)")
    }

    /// Issue 28, finding 10: a FIFO or a directory is one line and exit 1, never a wait for a writer.
    @Test func aFIFOOrADirectoryIsOneLineNotAHang() async throws {
        let fixture = try await BatonFixture()
        let fifo = fixture.home.appendingPathComponent("page.html").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, reason) in [(fifo, "is not a regular file"), (fixture.home.path, "is a directory")] {
            #expect {
                // `timeout` turns a hang into exit 124 instead of a test that never ends.
                try Shell.run("/usr/bin/timeout", ["60", fixture.binary, "dump", path])
            } throws: { error in
                guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
                return status == 1 && output.contains(reason) && output.split(separator: "\n").count == 1
            }
        }
    }

    @Test func aBadWidthIsAUsageError() async throws {
        let fixture = try await BatonFixture()
        #expect {
            try Shell.run(fixture.binary, ["dump", "about:blank", "--cols", "0"])
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 64
                && output == "baton dump: --cols must be between 1 and 10000 (see 'baton dump --help')\n"
        }
    }

    @Test(arguments: [["dump", "--help"], ["dump", "-h"], ["help", "dump"]])
    func helpNamesTheWholeCommand(arguments: [String]) async throws {
        let fixture = try await BatonFixture()
        let help = try Shell.run(fixture.binary, arguments)
        #expect(help.contains("USAGE: baton dump <url> [--cols <cols>] [--json]"))
    }

    @Test func aMissingURLIsAUsageError() async throws {
        let fixture = try await BatonFixture()
        #expect {
            try Shell.run(fixture.binary, ["dump"])
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 64
                && output == "baton dump: Missing expected argument '<url>' (see 'baton dump --help')\n"
        }
    }
}
