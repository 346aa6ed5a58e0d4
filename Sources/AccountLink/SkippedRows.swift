import Foundation
import Logging

/// The server rows this machine's link passed because they did not open or decode (another key, a damaged or
/// foreign row): each is logged once when it is passed and kept here (state directory, 0600) so
/// `baton account status` can say how many came from which machine. Nothing else waits on them.
public struct SkippedRows: Sendable {
    /// One passed row: where it was, who wrote it and when (as the server says), and why it was passed.
    public struct Row: Codable, Sendable, Equatable {
        public var table: String
        public var seq: Int64
        public var machine: String
        public var writtenAt: Date?
        public var reason: String
    }

    let url: URL

    public init(files: LinkFiles) { url = files.skippedRows }

    /// Every row passed so far (oldest first), at most the last 1 000.
    public func read() -> [Row] {
        FileManager.default.contents(atPath: url.path).flatMap { try? JSONDecoder().decode([Row].self, from: $0) }
            ?? []
    }

    /// Logs `row` (once: the cursor moves past it) and records it.
    public func pass(_ row: Row, logger: Logger) {
        logger.error(
            "a \(row.table) row does not open; passed",
            metadata: [
                "from": "\(row.machine)", "written": "\(row.writtenAt.map { "\($0)" } ?? "?")", "seq": "\(row.seq)",
                "error": "\(row.reason)",
            ])
        record(row)
    }

    /// Adds `row` (a row already recorded is not counted twice).
    public func record(_ row: Row) {
        var rows = read()
        guard !rows.contains(where: { $0.table == row.table && $0.seq == row.seq }) else { return }
        rows.append(row)
        try? LinkFiles.writeJSON(Array(rows.suffix(1000)), to: url, durable: false)
    }

    /// One line per writing machine: "1 row from machine X could not be opened".
    public static func summary(_ rows: [Row]) -> [String] {
        Dictionary(grouping: rows, by: \.machine).sorted { $0.key < $1.key }.map { machine, rows in
            "\(rows.count) row\(rows.count == 1 ? "" : "s") from machine \(machine) could not be opened"
                + " (passed; the last written \(rows.last?.writtenAt?.formatted(.iso8601) ?? "at an unknown time"))"
        }
    }
}
