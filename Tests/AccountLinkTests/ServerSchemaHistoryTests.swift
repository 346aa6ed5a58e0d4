import Foundation
import TestSupport
import Testing

@testable import AccountLink

/// The server's migrations are history (issue 37): each is its own SQL (`ServerSchemaHistory.swift`), and what each
/// past one was is recorded here, so editing one fails this test (a change of schema is a new migration). Before,
/// migrations 1, 7 and 8 called helpers (`ownRowsOnly`, `definer`, `ServerRoles.rowTables`) whose change would
/// silently have changed what an old migration does to a user's old server; the history was generated from them
/// and compared, statement by statement, before they were deleted.
@Suite struct ServerSchemaHistoryTests {
    static let recorded = [
        "e5767c9311f369cc", "eb27c12b78025fea", "c7736c4b5f388e28", "54f1f6e69287c137", "732096d7d0ea5a28",
        "bdb1302282e4ca96", "f776933d722f6528", "ba5d01854351beef", "a0b18acd0b677b6d", "11747a0bb58c6ae4",
    ]

    @Test func noPastMigrationIsEdited() {
        let digests = ServerSchema.migrations.map { MigrationDigest.of($0.joined(separator: "\n;\n")) }
        #expect(digests.count >= Self.recorded.count)
        for (index, digest) in Self.recorded.enumerated() where index < digests.count {
            #expect(digests[index] == digest, "migration \(index + 1) was edited: add a new migration instead")
        }
    }
}
