import Foundation
import Testing

/// Compares rendered text with a golden file in `Golden/`; `BATON_UPDATE_GOLDEN=1` rewrites it.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = lines.joined(separator: "\n") + "\n"
        let file = directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["BATON_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            actual == expected, "\(name) differs from its golden file; BATON_UPDATE_GOLDEN=1 regenerates",
            sourceLocation: sourceLocation)
    }
}
