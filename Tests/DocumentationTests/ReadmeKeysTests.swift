import BatonEnvironment
import Foundation
import MonkeyBrowser
import Stores
import SuiteShell
import TerminalUI
import Testing
import Today

/// README.md is the user's contract: its keys and exit codes are checked against the binding tables the
/// apps run on and the exit codes the commands return, so neither can drift from the other.
@Suite struct ReadmeKeysTests {
    static let readme: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    /// The README's words about one app: the paragraph that starts with `**App**:`.
    static func paragraph(_ app: String) -> String {
        let parts = readme.components(separatedBy: "\n\n")
        return parts.first { $0.hasPrefix("**\(app)**:") } ?? ""
    }

    /// The README's global key table: the rows between "## Keys" and the first paragraph after it.
    static var globalTable: String {
        guard let keys = readme.range(of: "## Keys") else { return "" }
        let rest = readme[keys.upperBound...]
        return String(rest.components(separatedBy: "\n\n").dropFirst().first ?? "")
    }

    /// The `code` spans of a piece of Markdown, with `/` and `…` lists split into their keys.
    static func codeSpans(_ text: String) -> Set<String> {
        var spans: Set<String> = []
        for match in text.matches(of: /`([^`]+)`/) {
            spans.insert(String(match.1))
        }
        return spans
    }

    /// Whether the README names `binding` (one of its keys, in backticks; `Alt-1`…`Alt-9` covers the digits).
    static func names(_ binding: [KeyPress], in spans: Set<String>, text: String) -> Bool {
        binding.contains { key in
            let name = key.description
            if spans.contains(name) { return true }
            if name.hasPrefix("Alt-"), let digit = name.last, digit.isNumber {
                return text.contains("`Alt-1`…`Alt-9`")
            }
            return false
        }
    }

    static func missing<A>(_ table: [KeyBinding<A>], app: String) -> [String] {
        let text = paragraph(app)
        let spans = codeSpans(text)
        return table.filter { !names($0.keys, in: spans, text: text) }.map { "\($0.label) (\($0.help.keys))" }
    }

    @Test func everyMonkeyBrowserKeyIsInTheReadme() {
        #expect(!Self.paragraph("MonkeyBrowser").isEmpty)
        let missing = Self.missing(BrowserBindings.page + BrowserBindings.finding, app: "MonkeyBrowser")
        #expect(missing.isEmpty, "README's MonkeyBrowser keys lack: \(missing)")
    }

    @Test func everyStoresKeyIsInTheReadme() {
        let tables = StoresBindings.map + StoresBindings.list + StoresBindings.details + StoresBindings.searching
        let missing = Self.missing(tables, app: "Stores")
        #expect(missing.isEmpty, "README's Stores keys lack: \(missing)")
    }

    @Test func everyTodayKeyIsInTheReadme() {
        let missing = Self.missing(TodayBindings.panel + TodayBindings.edit, app: "Today")
        #expect(missing.isEmpty, "README's Today keys lack: \(missing)")
    }

    @Test func everySuiteKeyIsInTheKeyTable() {
        let table = Self.globalTable
        let spans = Self.codeSpans(table)
        let shell = ShellBindings.table(apps: [])
        let missing = shell.filter { !Self.names($0.keys, in: spans, text: table) }.map(\.label)
        #expect(missing.isEmpty, "README's key table lacks: \(missing)")
        for item in ShellBindings.fixedKeys {
            for key in item.keys.split(separator: "/") {
                #expect(spans.contains(String(key)), "README's key table lacks \(key) (\(item.label))")
            }
        }
        for n in 1...4 { #expect(spans.contains("F\(n)")) }
    }

    /// The README's exit-code table is exactly the codes the commands use, with the same meanings.
    @Test func exitCodesMatchTheCommands() {
        guard let section = Self.readme.range(of: "## Exit codes") else {
            Issue.record("README has no \"## Exit codes\" section")
            return
        }
        let rows = Self.readme[section.upperBound...].matches(of: /\n\| `(\d+)` \| ([^|\n]+) \|/).map {
            (code: Int32($0.1) ?? -1, meaning: $0.2.trimmingCharacters(in: .whitespaces))
        }
        #expect(rows.map(\.code) == BatonExitCode.table.map(\.code))
        #expect(rows.map(\.meaning) == BatonExitCode.table.map(\.meaning))
    }
}
