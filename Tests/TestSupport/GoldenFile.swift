import Foundation
import Testing

/// Compares rendered text with golden files in one directory; `BATON_UPDATE_GOLDEN=1` rewrites them.
///
/// Each test target makes one with its own `Golden/` folder, found from the caller's `#filePath`.
public struct GoldenFiles: Sendable {
    public let directory: URL

    /// The `Golden/` folder beside the file that calls this.
    public init(besides filePath: String = #filePath) {
        directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// Checks `lines` against `Golden/<name>.txt`.
    public func check(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
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
