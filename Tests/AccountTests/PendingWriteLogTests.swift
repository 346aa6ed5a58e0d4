import Foundation
import Testing
import Wire

@testable import KeyValueStore

/// The device's log of unacknowledged writes: what is read back after appends, a torn last line, an older
/// version's file and a rewrite.
struct PendingWriteLogTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("baton-kvlog-\(UUID().uuidString)")

    private func write(_ key: String, _ value: Int, _ writeID: UInt64) -> PendingWrite {
        PendingWrite(key: key, value: .int(value), writeID: writeID)
    }

    @Test func appendsAreReadBackWithoutTheSettledOnes() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PendingWriteLog(directory: directory)
        #expect(try log.load() == nil)
        #expect(log.append(.write(write("a", 1, 10))))
        #expect(log.append(.write(write("b", 2, 11))))
        #expect(log.append(.write(write("a", 3, 12))))
        #expect(log.append(.done(key: "a", writeID: 10)))  // an older write of "a": the newer one stays
        #expect(log.append(.done(key: "b", writeID: 11)))
        // A second reader, as after a crash: nothing was flushed or closed.
        let loaded = try PendingWriteLog(directory: directory).load()
        #expect(loaded == PendingWriteLog.Contents(nextWriteID: 13, writes: [write("a", 3, 12)]))
    }

    @Test func aLinePutTogetherAroundTheEncodedValueReadsBackAsTheWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PendingWriteLog(directory: directory)
        let value = PropertyListValue.dictionary(["a \"quoted\" / key": .array([.double(2.5), .string("é\n")])])
        let written = PendingWrite(key: "k\"ey", value: value, writeID: 7)
        #expect(log.append(written, valueJSON: try JSONEncoder().encode(value)))
        #expect(log.append(PendingWrite(key: "gone", value: nil, writeID: 8), valueJSON: nil))
        let loaded = try PendingWriteLog(directory: directory).load()
        #expect(loaded?.writes == [written, PendingWrite(key: "gone", value: nil, writeID: 8)])
    }

    @Test func aTornLastLineIsDropped() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PendingWriteLog(directory: directory)
        log.append(.write(write("a", 1, 10)))
        let handle = try FileHandle(forWritingTo: log.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"write":{"_0":{"key":"b""#.utf8))
        try handle.close()
        #expect(try PendingWriteLog(directory: directory).load()?.writes == [write("a", 1, 10)])
    }

    @Test func anOlderVersionsFileIsMovedIntoTheLog() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let legacy = directory.appendingPathComponent("kv-pending.json")
        try Data(#"{"nextWriteID":20,"writes":[{"key":"a","value":{"int":5},"writeID":19}]}"#.utf8).write(to: legacy)
        let log = PendingWriteLog(directory: directory)
        let expected = PendingWriteLog.Contents(nextWriteID: 20, writes: [write("a", 5, 19)])
        #expect(try log.load() == expected)
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(try PendingWriteLog(directory: directory).load() == expected)
    }

    @Test func anOlderVersionsFileLeftBesideTheLogLosesNothingOfTheLog() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PendingWriteLog(directory: directory)
        log.append(.write(write("a", 6, 30)))
        log.append(.write(write("c", 7, 31)))
        let legacy = directory.appendingPathComponent("kv-pending.json")
        let legacyText =
            #"{"nextWriteID":21,"writes":[{"key":"a","value":{"int":5},"writeID":19},"#
            + #"{"key":"b","value":{"int":1},"writeID":20}]}"#
        try Data(legacyText.utf8).write(to: legacy)
        let expected = PendingWriteLog.Contents(
            nextWriteID: 32, writes: [write("b", 1, 20), write("a", 6, 30), write("c", 7, 31)])
        #expect(try PendingWriteLog(directory: directory).load() == expected)
        #expect(try PendingWriteLog(directory: directory).load() == expected)
    }

    @Test func aRewriteKeepsOnlyWhatIsPending() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = PendingWriteLog(directory: directory)
        for id in UInt64(1)...50 {
            log.append(.write(write("k\(id % 3)", Int(id), id)))
            log.append(.done(key: "k\(id % 3)", writeID: id))
        }
        log.compact(.init(nextWriteID: 51, writes: []))
        #expect(try PendingWriteLog(directory: directory).load() == .init(nextWriteID: 51, writes: []))
        log.append(.write(write("x", 1, 51)))
        log.compact(.init(nextWriteID: 52, writes: [write("x", 1, 51)]))
        log.append(.write(write("y", 2, 52)))
        let loaded = try PendingWriteLog(directory: directory).load()
        #expect(loaded == .init(nextWriteID: 53, writes: [write("x", 1, 51), write("y", 2, 52)]))
        #expect(log.flush())
    }
}
