import Foundation
import Wire

/// `account-kept-aside.json`: the keys each move to another account kept aside, every move's own, oldest first. A
/// move adds to the file and never replaces it, so keys kept aside survive any number of moves; a file that does not
/// read (damaged, or from a future Baton) is moved aside whole, never overwritten.
struct KeptAsideFile {
    /// The keys one move kept aside, and when.
    struct Move: Codable, Equatable {
        var keptAt: Date
        var keys: [String: PropertyListValue]
    }

    let url: URL

    /// Every move in the file; a file of the first format (one move's keys) reads as one move.
    func moves() throws -> [Move] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data = try Data(contentsOf: url)
        if let moves = try? JSONDecoder().decode([Move].self, from: data) { return moves }
        let keys = try JSONDecoder().decode([String: PropertyListValue].self, from: data)
        let keptAt =
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? Date()
        return [Move(keptAt: keptAt, keys: keys)]
    }

    /// Adds a move's keys; an unreadable file is first renamed (`.unread-<time>`), its contents kept.
    func add(_ keys: [String: PropertyListValue], at time: Date) throws {
        var moves: [Move]
        do {
            moves = try self.moves()
        } catch {
            let kept = url.deletingPathExtension().appendingPathExtension(
                "unread-\(Int(time.timeIntervalSince1970)).json")
            try FileManager.default.moveItem(at: url, to: kept)
            moves = []
        }
        moves.append(Move(keptAt: time, keys: keys))
        try LinkFiles.writeJSON(moves, to: url)
    }
}
