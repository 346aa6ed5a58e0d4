import Foundation
import HTMLText

/// The project-written pages under `Pages/` and the golden files under `Golden/`.
enum TestPages {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static let names = [
        "text", "headings", "lists", "blocks", "tables", "wide-table", "forms", "links", "cjk", "combined", "broken",
    ]

    /// A page's HTML.
    static func html(_ name: String) throws -> String {
        let data = try Data(contentsOf: directory.appendingPathComponent("Pages/\(name).html"))
        return String(decoding: data, as: UTF8.self)
    }

    /// A page parsed as if served from a fixed address, so goldens do not depend on the checkout path.
    static func document(_ name: String) throws -> HTMLDocument {
        try HTMLDocument(html: html(name), url: URL(string: "https://pages.example/tests/\(name).html"))
    }

    /// Compares `text` with `Golden/<file>`; writes the file instead when `BATON_UPDATE_GOLDEN=1`.
    static func golden(_ file: String) throws -> String? {
        try? String(contentsOf: directory.appendingPathComponent("Golden/\(file)"), encoding: .utf8)
    }

    static var updatingGoldens: Bool { ProcessInfo.processInfo.environment["BATON_UPDATE_GOLDEN"] == "1" }

    static func writeGolden(_ file: String, _ text: String) throws {
        let url = directory.appendingPathComponent("Golden/\(file)")
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
