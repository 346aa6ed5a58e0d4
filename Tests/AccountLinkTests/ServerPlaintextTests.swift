import Foundation
import TestSupport
import Testing

/// What the server keeps of a key-value session, scanned as its operator could: a dump, the statement log with
/// every parameter, and every file of the data directory (heap and WAL). No key name and no value is there.
@Suite(.serialized) struct ServerPlaintextTests {
    @Test func noKeyNameOrValueInTheDumpTheStatementLogTheHeapOrTheWAL() async throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines(settings: [
            "log_statement": "all", "log_parameter_max_length": "-1",
        ])
        defer { server.remove() }
        defer { machines.tearDown() }
        let name = "favoritesIdentifiers-\(UUID().uuidString.prefix(8))"
        let value = "union-square-\(UUID().uuidString.prefix(8))"
        #expect(try machines.baton("laptop", ["kv", "set", name, value]).status == 0)
        #expect(
            try await machines.settled("the change on the other machine") {
                try KeyValueAcrossMachinesTests.value(machines, "server", name) == value
            })
        #expect(try machines.baton("server", ["kv", "remove", name]).status == 0)
        #expect(
            try await machines.settled("the removal on the laptop") {
                try KeyValueAcrossMachinesTests.value(machines, "laptop", name) == nil
            })
        try server.psql(database: "baton", "CHECKPOINT")
        let dump = try TestPostgres.run(
            "/usr/bin/pg_dump", [server.adminURL(), "--data-only", "--schema=baton"])
        #expect(dump.contains("COPY baton.key_values"), "\(dump.prefix(300))")
        var scanned = ["dump": Data(dump.utf8)]
        let log = server.directory.appendingPathComponent("server.log")
        scanned["statement log"] = try Data(contentsOf: log)
        #expect(String(decoding: scanned["statement log"] ?? Data(), as: UTF8.self).contains("baton.key_values"))
        let files = FileManager.default.enumerator(atPath: server.dataDirectory)
        while let path = files?.nextObject() as? String {
            let url = URL(fileURLWithPath: server.dataDirectory).appendingPathComponent(path)
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            scanned[path] = try Data(contentsOf: url)
        }
        #expect(scanned.keys.contains { $0.hasPrefix("pg_wal/") })
        // The scan finds what is there in the clear: the machine's name, in the WAL and in a heap file.
        for prefix in ["pg_wal/", "base/"] {
            #expect(
                scanned.contains { $0.key.hasPrefix(prefix) && $0.value.range(of: Data("laptop".utf8)) != nil },
                "no laptop in \(prefix)")
        }
        for (place, bytes) in scanned {
            for secret in [name, value] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in \(place)")
            }
        }
    }
}
