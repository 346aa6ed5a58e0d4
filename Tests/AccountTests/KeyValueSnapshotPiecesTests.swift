import Foundation
import NIOCore
import Testing
import Wire

/// The key-value snapshot sent in pieces: each under the frame limit, put back together in order.
@Suite struct KeyValueSnapshotPiecesTests {
    private func encodedSize(_ snapshot: KeyValueSnapshot) throws -> Int {
        var buffer = ByteBuffer()
        try FrameCodec.encode(.keyValueSnapshot(snapshot), into: &buffer)
        return buffer.readableBytes
    }

    @Test func theFullStoreIsCloseToEveryLimit() throws {
        #expect(FullStore.pairs.count == KeyValueLimits.maxKeys)
        #expect(FullStore.pairs.allSatisfy { $0.key.utf8.count == KeyValueLimits.maxKeyBytes })
        #expect(FullStore.totalBytes <= KeyValueLimits.maxTotalBytes)
        #expect(FullStore.totalBytes > KeyValueLimits.maxTotalBytes - 1024)
        // As one message the store does not fit a frame: this is why it goes in pieces.
        let whole = KeyValueSnapshot(requestID: 1, storeID: "S", revision: 1024, entries: FullStore.entries)
        #expect(throws: WireError.self) { try encodedSize(whole) }
    }

    @Test func aFullStoreGoesInPiecesWellUnderTheFrameLimit() throws {
        let pieces = KeyValueSnapshot.pieces(requestID: 7, storeID: "S", revision: 1024, entries: FullStore.entries)
        #expect(pieces.count > 1)
        #expect(pieces.map(\.piece) == Array(0..<pieces.count))
        #expect(pieces.allSatisfy { $0.pieceCount == pieces.count && $0.requestID == 7 && $0.revision == 1024 })
        for piece in pieces {
            let size = try encodedSize(piece)
            #expect(size <= KeyValueSnapshot.pieceBudget + 1024, "piece \(piece.piece) is \(size) bytes")
        }
        let entries = pieces.flatMap(\.entries)
        let same = entries == FullStore.entries  // a boolean: a failure should not print a megabyte
        #expect(same, "\(entries.count) entries")

        var assembler = KeyValueSnapshotAssembler()
        for piece in pieces.dropLast() { #expect(try assembler.add(piece) == nil) }
        #expect(assembler.isAssembling)
        let last = try #require(pieces.last)
        let whole = try #require(try assembler.add(last))
        let expected = KeyValueSnapshot(requestID: 7, storeID: "S", revision: 1024, entries: FullStore.entries)
        let complete = whole == expected
        #expect(complete, "\(whole.entries.count) entries, piece \(whole.piece) of \(whole.pieceCount)")
        #expect(!assembler.isAssembling)
    }

    @Test func oneValueAsLargeAsTheQuotaFitsAPieceOfItsOwn() throws {
        let key = String(repeating: "q", count: KeyValueLimits.maxKeyBytes)
        let length = KeyValueLimits.maxTotalBytes - KeyValueLimits.size(key: key, value: .string(""))
        let huge = KeyValueEntry(
            key: key, value: .string(String(repeating: "v", count: length)), revision: 3, modified: Date(),
            writer: FullStore.writer)
        let small = KeyValueEntry(key: "a", value: .int(1), revision: 2, modified: Date(), writer: "b")
        let pieces = KeyValueSnapshot.pieces(requestID: 1, storeID: "S", revision: 3, entries: [small, huge, small])
        let alone = pieces.map(\.entries) == [[small], [huge], [small]]
        #expect(alone, "\(pieces.map(\.entries.count)) entries per piece")
        for piece in pieces { #expect(try encodedSize(piece) < WireLimits.maxFrameBytes) }
    }

    @Test func anEmptyStoreIsOneEmptyPiece() throws {
        let pieces = KeyValueSnapshot.pieces(requestID: 1, storeID: "S", revision: 0, entries: [])
        #expect(pieces == [KeyValueSnapshot(requestID: 1, storeID: "S", revision: 0, entries: [])])
        var assembler = KeyValueSnapshotAssembler()
        #expect(try assembler.add(pieces[0]) == pieces[0])
    }

    @Test func piecesOutOfOrderOrFromAnotherSnapshotAreRefused() throws {
        let pieces = KeyValueSnapshot.pieces(requestID: 1, storeID: "S", revision: 9, entries: FullStore.entries)
        try #require(pieces.count >= 3)
        var assembler = KeyValueSnapshotAssembler()
        #expect(throws: WireError.self) { try assembler.add(pieces[1]) }
        _ = try assembler.add(pieces[0])
        #expect(throws: WireError.self) { try assembler.add(pieces[2]) }
        #expect(!assembler.isAssembling)

        _ = try assembler.add(pieces[0])
        var other = pieces[1]
        other.revision = 10
        #expect(throws: WireError.self) { try assembler.add(other) }

        var outOfRange = pieces[0]
        outOfRange.piece = outOfRange.pieceCount
        #expect(throws: WireError.self) { try assembler.add(outOfRange) }

        // A new piece 0 starts over; the snapshot then completes normally.
        _ = try assembler.add(pieces[0])
        _ = try assembler.add(pieces[0])
        var whole: KeyValueSnapshot?
        for piece in pieces.dropFirst() { whole = try assembler.add(piece) }
        let complete = whole?.entries == FullStore.entries
        #expect(complete, "\(whole?.entries.count ?? 0) entries")
    }

    @Test func aSnapshotFromAnOlderDaemonIsOnePiece() throws {
        let json = #"{"requestID":4,"storeID":"S","revision":2,"entries":[]}"#
        let snapshot = try JSONDecoder().decode(KeyValueSnapshot.self, from: Data(json.utf8))
        #expect(snapshot.piece == 0 && snapshot.pieceCount == 1 && snapshot.isFinal)
    }
}
