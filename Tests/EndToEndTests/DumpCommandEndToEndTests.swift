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

    @Test(arguments: ["tables", "lists", "cjk"], [40, 80])
    func printsTheGoldenLayout(page: String, columns: Int) throws {
        let fixture = try BatonFixture()
        let file = Self.pages.appendingPathComponent("Pages/\(page).html").path
        let output = try Shell.run(fixture.binary, ["dump", file, "--cols", String(columns)])
        let golden = try String(
            contentsOf: Self.pages.appendingPathComponent("Golden/\(page)-\(columns).txt"), encoding: .utf8)
        #expect(Self.body(output) == Self.body(golden))
    }

    @Test func aMissingFileIsOneLineAndExitCodeOne() throws {
        let fixture = try BatonFixture()
        let missing = fixture.home.appendingPathComponent("missing.html").path
        #expect {
            try Shell.run(fixture.binary, ["dump", missing])
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 1 && output == "baton dump: no such file: \(missing)\n"
        }
    }

    @Test func aBadWidthIsAUsageError() throws {
        let fixture = try BatonFixture()
        #expect {
            try Shell.run(fixture.binary, ["dump", "about:blank", "--cols", "0"])
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 64 && output.contains("--cols must be between 1 and 10000")
                && output.contains("Usage: baton dump <url>")
        }
    }

    @Test func helpNamesTheWholeCommand() throws {
        let fixture = try BatonFixture()
        let help = try Shell.run(fixture.binary, ["dump", "--help"])
        #expect(help.contains("USAGE: baton dump <url> [--cols <cols>] [--json]"))
    }
}
