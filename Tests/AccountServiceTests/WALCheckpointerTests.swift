import Foundation
import GRDB
import Logging
import Testing

@testable import AccountService

/// No commit runs a checkpoint: the writer's connection has SQLite's automatic checkpoint replaced by
/// `WALCheckpointer`, which checkpoints on a connection of its own once the log passes 1 000 pages.
@Suite struct WALCheckpointerTests {
    @Test func theLogIsCheckpointedOffTheWritersConnection() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try AccountStore(
            url: directory.appendingPathComponent("account.sqlite"), logger: Logger(label: "test"))
        // SQLite reports 0 once another hook than its automatic checkpoint is installed.
        #expect(try await store.pool.write { try Int.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") } == 0)
        let before = store.checkpointer.checkpointsRun
        // About 1 300 pages of log (4 KiB each), in small commits as the daemon makes them.
        let blob = String(repeating: "x", count: 4000)
        for round in 0..<1300 {
            try await store.pool.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO kv (key, value, revision, modified, writer) VALUES (?, ?, ?, ?, ?)",
                    arguments: ["k\(round)", blob, round, Date(), "test"])
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while store.checkpointer.checkpointsRun == before, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(store.checkpointer.checkpointsRun > before)
        #expect(try await store.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM kv") } == 1300)
    }
}
