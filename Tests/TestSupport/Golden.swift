import Foundation
import TerminalUI
import Testing

/// Compares rendered text with a golden file in the `Golden/` directory next to the calling test file;
/// `BATON_UPDATE_GOLDEN=1` rewrites the file instead. Shared by the test targets.
public enum Golden {
    /// Checks `lines` against `Golden/<name>.txt` beside `filePath` (the caller's file by default).
    public static func check(
        _ lines: [String], named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
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

    /// Checks a frame's text against `Golden/<name>.txt` and its styles against `Golden/<name>.styles.txt`
    /// (`StyleLayer`): a regression in colour or reverse video fails as surely as one in the text.
    public static func check(
        _ buffer: CellBuffer, named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try check(buffer.textLines(), named: name, filePath: filePath, sourceLocation: sourceLocation)
        try check(
            StyleLayer.lines(of: buffer), named: name + ".styles", filePath: filePath, sourceLocation: sourceLocation)
    }
}
