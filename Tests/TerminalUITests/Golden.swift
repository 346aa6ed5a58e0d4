import TestSupport
import Testing

/// Compares rendered text with a golden file in `Golden/`; `BATON_UPDATE_GOLDEN=1` rewrites it.
enum Golden {
    static let files = GoldenFiles()

    static func check(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try files.check(lines, named: name, sourceLocation: sourceLocation)
    }
}
