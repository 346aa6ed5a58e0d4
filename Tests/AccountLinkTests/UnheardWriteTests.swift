import AccountLink
import BatonEnvironment
import Foundation
import TestSupport
import Testing
import Wire

/// The link never overwrites a device's write it has not heard. Found looking for the chaos checker's unexplained
/// lost write (issue 27): the link's writes of server rows were conditional (`unlessNewerThan`), but the ones it
/// makes of its own accord were not: the removal of a key kept aside when a home joins from another account, a key
/// brought, and a local write written back. A device's write that reached the daemon after the link had read the
/// key, but before the link's write, was overwritten by it; the link wrote it back once it heard it, so only a
/// link that ended in between lost it, for good: the daemon then held the link's write, which is never sent.
@Suite(.serialized) struct UnheardWriteTests {
    typealias Across = KeyValueAcrossMachinesTests

    /// The laptop joins bob's account from alice's; its link (against a daemon the test plays) reads the store and
    /// asks its daemon to remove alice's key, which it keeps aside. That removal reaches the real daemon after a
    /// device wrote the key (bob's now: written after the join), and the link is gone before the answer. Before
    /// the fix the removal was stored over the device's write, and bob's other machine never got it.
    @Test func aKeptAsideKeysRemovalDoesNotOverwriteADevicesWriteItHadNotHeard() async throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        #expect(try machines.baton("laptop", ["kv", "set", "shared.k", "alice's"]).status == 0)
        let revision = try machines.newestRevision("laptop")
        #expect(
            try await machines.settled("alice's key on the server machine") {
                try Across.value(machines, "server", "shared.k") == "alice's"
            })
        #expect(try machines.baton("laptop", ["account", "leave"]).status == 0)
        let bobURL = try machines.tenant("bob", password: "b-pass", on: server)
        #expect(try machines.baton("desk", ["account", "create", bobURL, "--machine", "desk"]).status == 0)
        #expect(try machines.baton("desk", ["daemon", "start"]).status == 0)
        let bobKey = machines.home("desk").appendingPathComponent("state/account.key").path
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        let joined = try machines.baton(
            "laptop", ["account", "join", bobURL, "--key-file", bobKey, "--machine", "laptop"])
        #expect(joined.status == 0, "\(joined.output)")

        // The laptop's link reads alice's key from the store and asks for its removal; it ends unanswered.
        let played = try await PlayedDaemon.start(machines, "laptop")
        let held = KeyValueEntry(
            key: "shared.k", value: .string("alice's"), revision: revision, modified: Date(), writer: "cli")
        #expect(
            try await UnstoredRowTests.next(played.socket) {
                played.answerFetch($0, revision: revision, entries: [held])
            })
        var removal: KeyValueWrite?
        #expect(
            try await UnstoredRowTests.next(played.socket) {
                guard case .keyValueWrite(let write) = $0, write.key == "shared.k", write.value == nil else {
                    return false
                }
                removal = write
                return true
            })
        await played.die()
        let asked = try #require(removal, "the link asked its daemon to remove the key it keeps aside")

        // The real daemon (its link held back): a device writes the key, then the link's removal arrives.
        let lock = try #require(
            try await machines.holdLinkLock("laptop"))
        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "shared.k", "bob's"]).status == 0)
        let paths = BatonPaths(environment: ["BATON_HOME": machines.home("laptop").path])
        // As the link: this process holds the link's lock, and shows the daemon's token.
        let late = try LinkClaimant(paths: paths, holdLock: false)
        guard case .linkGranted = late.answer() else {
            Issue.record("the late link was not granted")
            return
        }
        try late.socket.send(.keyValueWrite(asked))
        #expect(late.socket.next(limit: 60) { if case .keyValueWritten = $0 { true } else { false } } != nil)
        late.close()
        close(lock)  // The daemon's supervision starts the link now.

        #expect(try Across.value(machines, "laptop", "shared.k") == "bob's")
        #expect(
            try await machines.settled("the device's write on bob's other machine") {
                try Across.value(machines, "desk", "shared.k") == "bob's"
            })
    }
}
