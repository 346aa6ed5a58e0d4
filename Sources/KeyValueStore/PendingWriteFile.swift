import Foundation

/// The device's unacknowledged writes on disk (`<device directory>/kv-pending.json`), so writes made while
/// the daemon is down survive the app quitting and are delivered when the daemon is back.
struct PendingWriteFile {
    /// The file's contents: the writes and the next write id to hand out.
    struct Contents: Codable, Equatable {
        var nextWriteID: UInt64
        var writes: [PendingWrite]
    }

    let url: URL

    init(directory: URL) {
        url = directory.appendingPathComponent("kv-pending.json")
    }

    /// The saved contents; empty when there is no file. A damaged file is reported, not ignored.
    func load() throws -> Contents? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(Contents.self, from: Data(contentsOf: url))
    }

    /// Replaces the file atomically.
    func save(_ contents: Contents) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(contents).write(to: url, options: .atomic)
    }
}
