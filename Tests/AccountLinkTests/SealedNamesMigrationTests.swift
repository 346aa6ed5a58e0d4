import Foundation
import TestSupport
import Testing

@testable import AccountLink

/// Moving a server written before names were sealed (schema version 7: machine and device names, apps, bundle,
/// team and activity types, mail kinds and push targets in the clear) to sealed names: a tenant's Baton refuses,
/// naming `baton server init`; `server init` removes the rows that name anything in the clear (the key-value rows
/// stay, their writer blanked); a machine of the account writes its row again, sealed.
@Suite(.serialized) struct SealedNamesMigrationTests {
    @Test func initRemovesWhatNamesMachinesDevicesAndAppsAndTheMachinesWriteTheirRowsAgainSealed() throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let alice = try ServerInitTests.schemaOwnedByAlice(server, version: 7)
        let key = AccountKey.generate()
        let check = try Sealing.seal(
            Sealing.keyCheckPlaintext, identity: Sealing.keyCheckIdentity(owner: "alice"), key: key)
        let hex = check.map { String(format: "%02x", $0) }.joined()
        try server.psql(
            url: alice,
            """
            INSERT INTO baton.accounts (key_check) VALUES ('\\x\(hex)');
            INSERT INTO baton.machines (machine, machine_id) VALUES ('laptop', 'id-1');
            INSERT INTO baton.devices (machine, device) VALUES ('laptop', 'laptop:pts-3');
            INSERT INTO baton.offers (machine, device, apps, bundle, team, activity_type, seq)
                VALUES ('laptop', 'laptop:pts-3', '[{"bundleIdentifier":"org.example.reader"}]', 'org.example.reader',
                    'TEAMX', 'org.example.read', baton.next_change());
            INSERT INTO baton.handoff_mail (seq, id, from_machine, to_machine, header)
                VALUES (baton.next_change(), 'm1', 'laptop', 'desk', '{"kind":"continueRequest","source":"laptop:pts-3"}');
            INSERT INTO baton.pushes (id, seq, from_machine, bundle, target_device, sealed, size, immediate)
                VALUES ('p1', baton.next_change(), 'laptop', 'org.example.mail', 'laptop:pts-3', '\\x00', 1, false);
            INSERT INTO baton.key_values (key, sealed, size, machine, seq)
                VALUES ('0123', '\\x00', 1, 'laptop', baton.next_change());
            """)

        // A tenant's Baton cannot move it: one line naming the operator's command.
        try server.createRole("bob", password: "b-pass")
        let refused = try machines.baton(
            "bobs", ["account", "create", server.url(role: "bob", password: "b-pass"), "--machine", "bobs"])
        #expect(refused.status == 1, "\(refused.output)")
        #expect(refused.output.contains("version 7"), "\(refused.output)")
        #expect(refused.output.contains("baton server init"), "\(refused.output)")

        let initialized = try machines.baton("operator", ["server", "init", server.adminURL()])
        #expect(initialized.status == 0, "\(initialized.output)")
        #expect(initialized.output.contains("version 7 → \(ServerSchema.currentVersion)"), "\(initialized.output)")
        let names = ["laptop", "pts-3", "org.example", "TEAMX", "continueRequest"]
        var dump = try TestPostgres.run("/usr/bin/pg_dump", [server.adminURL(), "--data-only", "--schema=baton"])
        #expect(dump.contains("COPY baton.key_values"))
        for name in names { #expect(!dump.contains(name), "\(name) is still on the server") }
        #expect(ServerInitTests.trimmed(try server.psql(url: alice, "SELECT count(*) FROM baton.key_values")) == "1")

        // The machine joins again with the account's key: its row holds its route and its name sealed.
        let keyFile = machines.root.appendingPathComponent("alice.key")
        try key.text.write(to: keyFile, atomically: true, encoding: .utf8)
        let joined = try machines.baton(
            "laptop", ["account", "join", alice, "--key-file", keyFile.path, "--machine", "laptop"])
        #expect(joined.status == 0, "\(joined.output)")
        #expect(try machines.baton("laptop", ["account", "status"]).output.contains("laptop"))
        dump = try TestPostgres.run("/usr/bin/pg_dump", [server.adminURL(), "--data-only", "--schema=baton"])
        for name in names { #expect(!dump.contains(name), "\(name) is on the server again") }
        #expect(
            ServerInitTests.trimmed(
                try server.psql(database: "baton", "SELECT count(*) FROM baton.machines WHERE sealed IS NOT NULL"))
                == "1")
    }

    /// A machine's row removed under a running link (as the migration does) is written again, sealed, by the
    /// link's next touch.
    @Test func aRunningLinkWritesItsMachineRowAgain() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        try server.psql(database: "baton", "DELETE FROM baton.machines")
        #expect(
            try machines.eventually("both machines' rows written again", limit: 120) {
                let status = try machines.baton("laptop", ["account", "status"]).output
                return ServerInitTests.trimmed(
                    try server.psql(database: "baton", "SELECT count(*) FROM baton.machines")) == "2"
                    && status.contains("server")
            })
    }
}
