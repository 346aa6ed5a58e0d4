import Foundation
import TestSupport
import Testing
import Wire

/// What the server keeps of a session that uses every kind of row — key-value changes, a handoff offer continued
/// across machines, a push to one device of the other machine — scanned as its operator could: a dump, the
/// statement log with every parameter, and every file of the data directory (heap and WAL). No key name, value,
/// machine or device name, app or bundle identifier, team, activity type, title or address is there.
@Suite(.serialized) struct ServerPlaintextTests {
    @Test func noNameAppOrContentInTheDumpTheStatementLogTheHeapOrTheWAL() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines(settings: [
            "log_statement": "all", "log_parameter_max_length": "-1",
        ])
        defer { server.remove() }
        defer { machines.tearDown() }
        let tag = UUID().uuidString.prefix(8).lowercased()
        let name = "favoritesIdentifiers-\(tag)"
        let value = "union-square-\(tag)"
        #expect(try machines.baton("laptop", ["kv", "set", name, value]).status == 0)
        #expect(
            try machines.eventually("the change on the other machine") {
                try KeyValueAcrossMachinesTests.value(machines, "server", name) == value
            })
        #expect(try machines.baton("server", ["kv", "remove", name]).status == 0)
        #expect(
            try machines.eventually("the removal on the laptop") {
                try KeyValueAcrossMachinesTests.value(machines, "laptop", name) == nil
            })

        // A handoff: an offer from the laptop's device, continued by the server machine's.
        let sourceName = "reader-\(tag)"
        let targetName = "writer-\(tag)"
        let source = try HandoffDevice(sourceName, on: "laptop", of: machines)
        let target = try HandoffDevice(targetName, on: "server", of: machines)
        let title = "Chapter-\(tag)"
        try source.advertise(title: title, sequence: 3)
        let offer = try #require(target.offer(from: "\(sourceName)@laptop", title: title), "the offer did not cross")
        try target.continueOffer(offer, requestID: 7)
        let request = try #require(source.payloadRequest())
        try source.answer(request, userInfo: ["page": .string("info-\(tag)")])
        let reply = try #require(target.continueReply())
        #expect(reply.userInfo?["page"] == .string("info-\(tag)"))

        // A push to the server machine's device, named as `baton devices` shows it there, once the account lists it.
        #expect(
            try machines.eventually("the target device published") {
                try machines.baton("laptop", ["account", "status"]).output.contains(targetName)
            })
        let app = HandoffDevice.app.bundleIdentifier  // the target device's app
        let payload = machines.root.appendingPathComponent("push-\(tag).json")
        try #"{"aps": {"alert": {"title": "Pushed-\#(tag)", "body": "b"}}}"#.write(
            to: payload, atomically: true, encoding: .utf8)
        let pushed = try machines.baton(
            "laptop", ["push", payload.path, "--app", app, "--device", "\(targetName)@server"])
        #expect(pushed.output.contains("sent to 1 other machine (server)"), "\(pushed.output)")
        #expect(
            try machines.eventually("the push on the target device") {
                try machines.baton(
                    "server", ["notifications", "delivered", "--device", targetName, "--app", app, "--json"]
                )
                .output.contains("Pushed-\(tag)")
            })

        try server.psql(database: "baton", "CHECKPOINT")
        let dump = try TestPostgres.run("/usr/bin/pg_dump", [server.adminURL(), "--data-only", "--schema=baton"])
        for table in ["key_values", "machines", "offers", "pushes"] {
            #expect(dump.contains("COPY baton.\(table)"), "\(dump.prefix(300))")
        }
        var scanned = ["dump": Data(dump.utf8)]
        let log = server.directory.appendingPathComponent("server.log")
        scanned["statement log"] = try Data(contentsOf: log)
        let logText = String(decoding: scanned["statement log"] ?? Data(), as: UTF8.self)
        for table in ["key_values", "offers", "handoff_mail", "pushes", "machines"] {
            #expect(logText.contains("baton.\(table)"), "no statement on \(table) logged")
        }
        let files = FileManager.default.enumerator(atPath: server.dataDirectory)
        while let path = files?.nextObject() as? String {
            let url = URL(fileURLWithPath: server.dataDirectory).appendingPathComponent(path)
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            scanned[path] = try Data(contentsOf: url)
        }
        #expect(scanned.keys.contains { $0.hasPrefix("pg_wal/") })
        // The scan finds what is there in the clear: the account's role, in the WAL and in a heap file.
        for prefix in ["pg_wal/", "base/"] {
            #expect(
                scanned.contains { $0.key.hasPrefix(prefix) && $0.value.range(of: Data("alice".utf8)) != nil },
                "no alice in \(prefix)")
        }
        let secrets = [
            name, value, "laptop", sourceName, targetName, HandoffDevice.app.bundleIdentifier, "org.baton.test.read",
            HandoffDevice.app.teamIdentifier, title, "info-\(tag)", "secret-page", "Pushed-\(tag)",
            "continueRequest",
        ]
        for (place, bytes) in scanned {
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in \(place)")
            }
        }
    }
}
