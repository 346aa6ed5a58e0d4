import AccountLink
import BatonEnvironment
import Foundation
import Logging
import TestSupport
import Testing
import Wire

/// Found diagnosing the chaos checker's seed 31337 at `--fault-share 0.6` (one machine ten keys behind the server
/// for good, its link alive): the link moved its cursor file past a server row as soon as it had sent the row's
/// value to its daemon, before the daemon stored it. A daemon killed or stopped in between lost the write, and the
/// next link, starting from the cursor file, never read the row again. The cursor file now stays below every row
/// whose write the daemon has not answered.
@Suite(.serialized) struct UnstoredRowTests {
    typealias Across = KeyValueAcrossMachinesTests

    @Test func aRowItsDaemonDiedBeforeStoringIsReadAgainByTheNextLink() async throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        #expect(try machines.baton("laptop", ["kv", "set", "k", "v1"]).status == 0)
        #expect(
            try await machines.settled("v1 on the server machine") { try Across.value(machines, "server", "k") == "v1" }
        )
        let revision = try machines.newestRevision("laptop")
        #expect(
            try await machines.settled("the laptop's v1 sent") { machines.cursor("laptop").pushedRevision >= revision })
        let running = try #require(try await machines.runningLink("laptop"))
        #expect(try machines.baton("laptop", ["daemon", "stop"]).status == 0)
        #expect(try await machines.settled("the laptop's link gone with its daemon") { kill(running, 0) != 0 })
        #expect(try machines.baton("server", ["kv", "set", "k", "v2"]).status == 0)

        // The laptop's link runs here against a daemon the test plays: it hears the row, and dies before storing it.
        let daemon = try await PlayedDaemon.start(machines, "laptop")
        let held = KeyValueEntry(key: "k", value: .string("v1"), revision: revision, modified: Date(), writer: "cli")
        let heard = try await Self.next(daemon.socket) { daemon.answerFetch($0, revision: revision, entries: [held]) }
        #expect(heard)
        let written = try await Self.next(daemon.socket) {
            guard case .keyValueWrite(let write) = $0 else { return false }
            return write.key == "k" && write.value == .string("v2")
        }
        #expect(written, "the link brought the server's row to its daemon")
        await daemon.die()

        // The real daemon and its link: the row is read again and taken.
        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
        #expect(
            try await machines.settled("v2 on the laptop", limit: .seconds(60)) {
                try Across.value(machines, "laptop", "k") == "v2"
            })
    }

    /// Reads the daemon's side of the connection until a message satisfies `match` (false if it closed first or a
    /// minute passed: a hang, not a timing check).
    static func next(_ socket: RawDaemonSocket, _ match: (WireMessage) throws -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            if let frame = socket.nextFrame(limit: 0.05) {
                if case .message(let message) = frame, try match(message) { return true }
                continue
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}

/// A listening Unix socket of the test's own, where a link connects as if to its daemon.
final class UnixListener: @unchecked Sendable {
    private var descriptor: Int32

    init(path: String) throws {
        unlink(path)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawSocketError.system("socket", errno) }
        let bound = try RawDaemonSocket.withAddress(path) { [descriptor] in bind(descriptor, $0, $1) }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw RawSocketError.system("bind", errno) }
    }

    /// The first connection, waited for without holding a thread (nil if none comes within a minute: a hang).
    func accept() async throws -> RawDaemonSocket? {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 0) > 0 {
                let connection = Glibc.accept(descriptor, nil, nil)
                if connection >= 0 { return RawDaemonSocket(accepted: connection) }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
