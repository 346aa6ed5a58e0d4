import Foundation
import TestSupport
import Testing
import Wire

@testable import AccountLink

/// A key-value row written before names were sealed (the name as its key, the value alone sealed) still reaches
/// every machine, and the next write of the key replaces it with a row that names it by route only.
@Suite(.serialized) struct LegacyRowsTests {
    @Test func aRowNamedInTheClearIsReadAndReplacedByTheNextWrite() async throws {
        let (server, machines, url) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        #expect(try machines.baton("laptop", ["kv", "set", "warm", "up"]).status == 0)
        #expect(
            try await machines.settled("a first change crossing") {
                try KeyValueAcrossMachinesTests.value(machines, "server", "warm") == "up"
            })
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key")
        let key = try AccountKey(text: try String(contentsOf: keyFile, encoding: .utf8))
        let sealed = try Sealing.seal(
            JSONEncoder().encode(PropertyListValue.string("from-before")),
            identity: Sealing.keyValueIdentity(owner: "alice", key: "oldFavourites"), key: key)
        let hex = sealed.map { String(format: "%02x", $0) }.joined()
        try server.psql(
            url: url,
            """
            INSERT INTO baton.key_values (key, sealed, size, machine, seq)
            VALUES ('oldFavourites', '\\x\(hex)'::bytea, \(sealed.count), 'laptop', baton.next_change())
            """)
        // Any later change rings both links: they read the old row too.
        #expect(try machines.baton("laptop", ["kv", "set", "ring", "1"]).status == 0)
        #expect(
            try await machines.settled("the old row on the server machine") {
                try KeyValueAcrossMachinesTests.value(machines, "server", "oldFavourites") == "from-before"
            })
        #expect(try machines.baton("server", ["kv", "set", "oldFavourites", "rewritten"]).status == 0)
        #expect(
            try await machines.settled("the rewrite on the laptop, the old row gone") {
                let gone = try server.psql(
                    database: "baton", "SELECT count(*) FROM baton.key_values WHERE key = 'oldFavourites'"
                ).trimmingCharacters(in: .whitespacesAndNewlines)
                return try KeyValueAcrossMachinesTests.value(machines, "laptop", "oldFavourites") == "rewritten"
                    && gone == "0"
            })
    }
}
