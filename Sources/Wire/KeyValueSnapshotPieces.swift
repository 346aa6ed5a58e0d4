import Foundation

extension KeyValueSnapshot {
    /// The most encoded entry bytes a piece carries when it holds more than one entry: a quarter of a frame.
    /// A single entry larger than this goes in a piece of its own; the store's quota (1 000 000 bytes)
    /// keeps even that piece under the frame limit.
    public static let pieceBudget = WireLimits.maxFrameBytes / 4

    /// A store's entries as the pieces of one snapshot, in order: each holds whole entries whose encoded size
    /// adds up to at most `budget` bytes (or one entry alone when it is larger). An empty store is one piece.
    public static func pieces(
        requestID: UInt64, storeID: String, revision: Int64, entries: [KeyValueEntry], budget: Int = pieceBudget
    ) -> [KeyValueSnapshot] {
        let encoder = JSONEncoder()
        var groups: [[KeyValueEntry]] = [[]]
        var groupBytes = 0
        for entry in entries {
            // The comma between entries counts too.
            let size = ((try? encoder.encode(entry).count) ?? 0) + 1
            if groupBytes + size > budget, !(groups[groups.count - 1].isEmpty) {
                groups.append([])
                groupBytes = 0
            }
            groups[groups.count - 1].append(entry)
            groupBytes += size
        }
        return groups.enumerated().map { index, group in
            KeyValueSnapshot(
                requestID: requestID, storeID: storeID, revision: revision, entries: group, piece: index,
                pieceCount: groups.count)
        }
    }
}

/// Puts a snapshot sent in pieces back together: feed it each piece as it arrives; it hands back the
/// whole snapshot when the last one is in. Used by the device's store and by `baton kv list`.
public struct KeyValueSnapshotAssembler: Sendable {
    /// The pieces taken so far, merged; nil between snapshots.
    private var partial: KeyValueSnapshot?

    public init() {}

    /// Whether some pieces of a snapshot have arrived but not the last.
    public var isAssembling: Bool { partial != nil }

    /// Takes the next piece. Returns the whole snapshot (as one piece) once its last piece is in, nil before.
    /// A piece 0 starts a new snapshot (dropping an unfinished one). A piece that does not continue the
    /// snapshot being assembled (wrong order, request, store, revision or count) throws, and the unfinished
    /// snapshot is dropped.
    public mutating func add(_ piece: KeyValueSnapshot) throws(WireError) -> KeyValueSnapshot? {
        guard piece.pieceCount >= 1, piece.pieceCount <= KeyValueLimits.maxKeys + 1,
            (0..<piece.pieceCount).contains(piece.piece)
        else {
            partial = nil
            throw .malformed("snapshot piece \(piece.piece) of \(piece.pieceCount) is out of range")
        }
        var whole: KeyValueSnapshot
        if piece.piece == 0 {
            whole = piece
        } else {
            guard let partial, partial.requestID == piece.requestID, partial.storeID == piece.storeID,
                partial.revision == piece.revision, partial.pieceCount == piece.pieceCount,
                partial.piece + 1 == piece.piece
            else {
                let expected = partial.map { "piece \($0.piece + 1) of \($0.pieceCount)" } ?? "piece 0"
                self.partial = nil
                throw .malformed(
                    "snapshot piece \(piece.piece) of \(piece.pieceCount) arrived where \(expected) was expected")
            }
            whole = partial
            whole.entries += piece.entries
            whole.piece = piece.piece
        }
        guard piece.isFinal else {
            partial = whole
            return nil
        }
        partial = nil
        whole.piece = 0
        whole.pieceCount = 1
        return whole
    }

    /// Drops an unfinished snapshot (the connection it came on is gone).
    public mutating func reset() { partial = nil }
}
