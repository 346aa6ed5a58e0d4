import Foundation
import TestSupport
import Testing

/// Issue 27's faults on a real PostgreSQL with two machines: a key both machines wrote while the server was away
/// ends on the server's word everywhere; a row that does not open is passed and counted, not obeyed; a killed link
/// is restarted by its daemon.
@Suite(.serialized) struct AccountFaultsTests {
    typealias Across = KeyValueAcrossMachinesTests

    /// Finding 1: with the server stopped, the laptop removes keys the server machine sets; once the server is back
    /// and both have sent their writes and read every row, each key holds on both what the server ordered last.
    @Test func aKeyRemovedHereAndSetThereWhileTheServerIsAwayEndsOnTheServersWordOnBoth() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let keys = (0..<8).map { "race.k\($0)" }
        for key in keys { #expect(try machines.baton("laptop", ["kv", "set", key, "old"]).status == 0) }
        #expect(
            try await machines.settled("the first values on both machines") {
                try keys.allSatisfy { try Across.value(machines, "server", $0) == "old" }
            })

        server.stop()
        let laptopBefore = try machines.newestRevision("laptop")
        let serverBefore = try machines.newestRevision("server")
        for key in keys {
            #expect(try machines.baton("laptop", ["kv", "remove", key]).status == 0)
            #expect(try machines.baton("server", ["kv", "set", key, "v"]).status == 0)
        }
        try server.start()

        var report = ""
        #expect(
            try await machines.settled("both machines on the server's word for every key") {
                // Quiet first: both have sent their offline writes and read every row after them.
                let newest =
                    Int64(
                        try server.psql(url: url, "SELECT coalesce(max(seq), 0) FROM baton.key_values")
                            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
                let (laptop, other) = (machines.cursor("laptop"), machines.cursor("server"))
                guard laptop.pushedRevision >= laptopBefore + Int64(keys.count),
                    other.pushedRevision >= serverBefore + Int64(keys.count),
                    laptop.serverSeq >= newest, other.serverSeq >= newest
                else { return false }
                report = ""
                for key in keys {
                    let row = try server.psql(
                        url: url,
                        "SELECT machine || '|' || (size = 0) FROM baton.key_values "
                            + "WHERE key = '\(try machines.route(key))'"
                    ).trimmingCharacters(in: .whitespacesAndNewlines)
                    let expected: String? = row.hasSuffix("|true") ? nil : "v"
                    let onLaptop = try Across.value(machines, "laptop", key)
                    let onServer = try Across.value(machines, "server", key)
                    if onLaptop != expected || onServer != expected {
                        report +=
                            "\(key): server \(row), laptop \(onLaptop ?? "-"), server machine \(onServer ?? "-"); "
                    }
                }
                return report.isEmpty
            }, "\(report)")
    }

    /// Finding 1, adversarial: both machines write one key as fast as they can while the server is up, so rows
    /// of the other machine arrive while a machine's own writes are on their way; once both are done (a last key
    /// from each crossed) and caught up, both hold what the server's last row says.
    @Test func bothMachinesWritingOneKeyAtOnceEndOnTheServersWord() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let rounds = 40
        let writers = try ["laptop", "server"].map { machine in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "for i in $(seq 1 \(rounds)); do \"$0\" kv set hot.k \(machine)-$i || exit 1; done",
                machines.binary,
            ]
            process.environment = machines.environment(machine)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        while writers.contains(where: \.isRunning) { try await Task.sleep(for: .milliseconds(100)) }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        for machine in ["laptop", "server"] {
            #expect(try machines.baton(machine, ["kv", "set", "done.\(machine)", "yes"]).status == 0)
        }
        var report = ""
        #expect(
            try await machines.settled("both machines on the server's last row for hot.k") {
                let crossed =
                    try Across.value(machines, "laptop", "done.server") == "yes"
                    && Across.value(machines, "server", "done.laptop") == "yes"
                guard crossed else { return false }
                let newest =
                    Int64(
                        try server.psql(url: url, "SELECT coalesce(max(seq), 0) FROM baton.key_values")
                            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
                guard machines.cursor("laptop").serverSeq >= newest, machines.cursor("server").serverSeq >= newest
                else { return false }
                let last = try machines.machine(
                    route: try server.psql(
                        url: url, "SELECT machine FROM baton.key_values WHERE key = '\(try machines.route("hot.k"))'"
                    )
                    .trimmingCharacters(in: .whitespacesAndNewlines))
                let (onLaptop, onServer) = (
                    try Across.value(machines, "laptop", "hot.k"), try Across.value(machines, "server", "hot.k")
                )
                report = "server row by \(last), laptop \(onLaptop ?? "-"), server machine \(onServer ?? "-")"
                return onLaptop == "\(last)-\(rounds)" && onServer == onLaptop
            }, "\(report)")
    }

    /// Finding 4: a row no machine of the account sealed (garbage in `sealed`) is passed: a later change still
    /// crosses, and `account status` counts the row and names who wrote it.
    @Test func aRowThatDoesNotOpenIsPassedCountedAndTheRestKeepsFlowing() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        #expect(try machines.baton("laptop", ["kv", "set", "before", "1"]).status == 0)
        #expect(
            try await machines.settled("a first change crossing") {
                try Across.value(machines, "server", "before") == "1"
            })
        // Written as the account's own role, as a machine with another key (or a damaged disk) would.
        try server.psql(
            url: url,
            """
            INSERT INTO baton.key_values (key, sealed, size, machine, seq)
            VALUES ('broken', '\\xdeadbeef'::bytea, 4, 'mallory', baton.next_change())
            """)
        #expect(try machines.baton("laptop", ["kv", "set", "after", "2"]).status == 0)
        #expect(
            try await machines.settled("a change after the bad row crossing") {
                try Across.value(machines, "server", "after") == "2"
            })
        #expect(try Across.value(machines, "server", "broken") == nil)
        #expect(
            try await machines.settled("the bad row counted in status") {
                try machines.baton("server", ["account", "status"]).output.contains(
                    "1 row from machine mallory could not be opened")
            })
    }

    /// Finding 5: `kill -9` of a machine's link; its daemon starts it again, a change made afterwards still reaches
    /// the other machine, and `account status` shows the restart.
    @Test func aKilledLinkIsRestartedByItsDaemonAndChangesStillCross() async throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        var first: Int32?
        #expect(
            try await machines.settled("the laptop's link") {
                first = try machines.linkPID("laptop")
                return first != nil
            })
        let pid = try #require(first)
        #expect(kill(pid, SIGKILL) == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "after-kill", "yes"]).status == 0)
        #expect(
            try await machines.settled("the change on the other machine") {
                try Across.value(machines, "server", "after-kill") == "yes"
            })
        let again = try machines.linkPID("laptop")
        #expect(again != nil && again != pid)
        let status = try machines.baton("laptop", ["account", "status"]).output
        #expect(status.contains("restarted 1 time by the daemon"), "\(status)")
    }
}
