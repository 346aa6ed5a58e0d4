import Foundation
import Testing

/// Golden text files beside a test target's sources (in its `Golden/` directory).
///
/// `check` compares rendered lines with `Golden/NAME.txt`; with `BATON_UPDATE_GOLDEN=1` it rewrites the file.
public struct GoldenFiles: Sendable {
    public let directory: URL

    /// Golden files of the test target that holds `testFile` (pass `#filePath`).
    public init(testFile: String) {
        directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden")
    }

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
