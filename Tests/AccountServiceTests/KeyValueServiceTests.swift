import BatonEnvironment
import Foundation
import Testing
import Wire

@testable import AccountService

extension InProcessServices {
    /// The key-value service in process: limits, last writer wins, resent writes after a reconnect, durability
    /// across a restart, and a commit that leaves the event loop free.
    @Suite struct KeyValueServiceTests {
        func write(_ key: String, _ value: PropertyListValue?, id requestID: UInt64, writeID: UInt64? = nil)
            -> WireMessage
        {
            .keyValueWrite(KeyValueWrite(requestID: requestID, key: key, value: value, writeID: writeID))
        }

        @Test func theLoopKeepsAnsweringWhileACommitWaitsForTheDisk() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let writer = try daemon.device("writer")
            let other = try daemon.device("other")
            try other.send(.keyValueFetch(KeyValueFetch(requestID: 1, subscribe: true)))
            #expect(other.next("keyValueSnapshot") != nil)

            let hold = daemon.holdWriter()
            try writer.send(write("colour", .string("red"), id: 10, writeID: 1))
            try writer.send(write("colour", .string("blue"), id: 11, writeID: 2))
            try writer.send(.keyValueFetch(KeyValueFetch(requestID: 12, subscribe: false)))
            // The commit of the first write is held on GRDB's writer; the loop still answers a ping on the same
            // connection and on another, and nobody has heard of the write yet (durable before visible).
            try writer.send(.ping(Ping(requestID: 13)))
            guard case .pong(let pong) = writer.nextMessage() else {
                Issue.record("the writer's ping was not answered first while the commit was held")
                hold.release()
                return
            }
            #expect(pong.requestID == 13)
            try other.send(.ping(Ping(requestID: 2)))
            guard case .pong = other.nextMessage() else {
                Issue.record("the subscriber heard something before the pong while the commit was held")
                hold.release()
                return
            }
            hold.release()

            // Then every key-value reply in the order of the requests: both writes, then the fetch that saw both.
            guard case .keyValueWritten(let first) = writer.nextMessage(),
                case .keyValueWritten(let second) = writer.nextMessage(),
                case .keyValueSnapshot(let snapshot) = writer.nextMessage()
            else {
                Issue.record("replies out of order after the commit")
                return
            }
            #expect(first.requestID == 10 && second.requestID == 11)
            let firstRevision = try #require(first.revision)
            #expect(second.revision == firstRevision + 1)
            #expect(snapshot.requestID == 12 && snapshot.revision == second.revision)
            #expect(snapshot.entries.map(\.value) == [.string("blue")])
            guard case .keyValueChanged(let change1) = other.nextMessage(),
                case .keyValueChanged(let change2) = other.nextMessage()
            else {
                Issue.record("the subscriber did not get both changes in order")
                return
            }
            #expect(change1.entries.map(\.value) == [.string("red")])
            #expect(change2.entries.map(\.value) == [.string("blue")])
        }

        /// More writes than may wait behind a slow commit: the writer's socket stops being read, then everything
        /// is answered in order once the disk catches up.
        @Test func writesPipelinedPastTheWaitingLimitAreAllAnsweredInOrder() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let writer = try daemon.connect()
            let hold = daemon.holdWriter()
            let count = KeyValueService.maxWaiting + 44
            for index in 0..<count {
                try writer.send(write("k\(index % 8)", .int(index), id: UInt64(index)))
            }
            try writer.send(.ping(Ping(requestID: 9999)))
            hold.release()
            // The ping may have been read before reading stopped (then it is answered at once) or after.
            var written: [UInt64] = []
            var pongs = 0
            for _ in 0...count {
                switch writer.nextMessage() {
                case .keyValueWritten(let reply): written.append(reply.requestID)
                case .pong: pongs += 1
                default: break
                }
            }
            #expect(written == Array(0..<UInt64(count)))
            #expect(pongs == 1)
        }

        @Test func theLastWriteToArriveWinsAndEveryoneHearsItByRevision() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let a = try daemon.device("a")
            let b = try daemon.device("b")
            for socket in [a, b] {
                try socket.send(.keyValueFetch(KeyValueFetch(requestID: 1, subscribe: true)))
                #expect(socket.next("keyValueSnapshot") != nil)
            }
            try a.send(write("city", .string("Lyon"), id: 2, writeID: 1))
            guard case .keyValueWritten(let fromA) = a.next("keyValueWritten") else {
                Issue.record("a's write was not acknowledged")
                return
            }
            try b.send(write("city", .string("Nantes"), id: 2, writeID: 1))
            guard case .keyValueWritten(let fromB) = b.next("keyValueWritten") else {
                Issue.record("b's write was not acknowledged")
                return
            }
            #expect((fromB.revision ?? 0) > (fromA.revision ?? Int64.max))
            guard case .keyValueChanged(let heardByA) = a.next("keyValueChanged") else {
                Issue.record("a did not hear b's write")
                return
            }
            #expect(heardByA.entries.first?.writer == "b")
            #expect(heardByA.entries.first?.value == .string("Nantes"))
            #expect(heardByA.entries.first?.modified == daemon.clock.now())

            let reader = try daemon.connect()
            try reader.send(.keyValueFetch(KeyValueFetch(requestID: 9, subscribe: false)))
            guard case .keyValueSnapshot(let snapshot) = reader.next("keyValueSnapshot") else {
                Issue.record("no snapshot")
                return
            }
            #expect(snapshot.entries.map(\.value) == [.string("Nantes")])
            #expect(snapshot.revision == fromB.revision)
        }

        @Test func writesOverTheLimitsAreRefusedWithTheCurrentValue() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let cli = try daemon.connect()
            try cli.send(write("k", .string("kept"), id: 1))
            #expect(cli.next("keyValueWritten") != nil)

            try cli.send(write(String(repeating: "x", count: KeyValueLimits.maxKeyBytes + 1), .int(1), id: 2))
            guard case .keyValueRejected(let longKey) = cli.next("keyValueRejected") else {
                Issue.record("a key over the limit was not refused")
                return
            }
            guard case .keyTooLong = longKey.reason else {
                Issue.record("refused for \(longKey.reason), not the key's length")
                return
            }

            let big = PropertyListValue.data(Data(count: KeyValueLimits.maxTotalBytes / 4 * 3))
            try cli.send(write("k", big, id: 3))
            guard case .keyValueRejected(let overQuota) = cli.next("keyValueRejected") else {
                Issue.record("a value over the quota was not refused")
                return
            }
            guard case .quotaExceeded = overQuota.reason else {
                Issue.record("refused for \(overQuota.reason), not the quota")
                return
            }
            #expect(overQuota.current?.value == .string("kept"))

            try cli.send(write("k", .null, id: 4))
            guard case .keyValueRejected(let null) = cli.next("keyValueRejected"), case .unsupportedValue = null.reason
            else {
                Issue.record("null was not refused as an unsupported value")
                return
            }
        }

        @Test func aWriteResentAfterAReconnectIsAppliedOnceEvenAfterARestart() throws {
            var daemon = try InProcessDaemon()
            defer { daemon.stop() }
            var phone = try daemon.device("phone")
            try phone.send(write("a", .int(1), id: 1, writeID: 1))
            try phone.send(write("b", .int(2), id: 2, writeID: 2))
            guard case .keyValueWritten(let second) = phone.next(where: { $0.requestID == 2 }) else {
                Issue.record("the second write was not acknowledged")
                return
            }
            // The device went offline before it heard the acknowledgement, and the daemon restarted meanwhile:
            // it replays what it has not seen acknowledged, then writes on.
            daemon = try daemon.restarted()
            phone = try daemon.device("phone")
            try phone.send(write("b", .int(2), id: 3, writeID: 2))
            guard case .keyValueWritten(let replayed) = phone.next("keyValueWritten") else {
                Issue.record("the replayed write was not acknowledged")
                return
            }
            #expect(replayed.writeID == 2)
            #expect(replayed.revision == nil, "a resent write must not be applied twice")
            try phone.send(write("c", .int(3), id: 4, writeID: 3))
            guard case .keyValueWritten(let third) = phone.next("keyValueWritten") else {
                Issue.record("the write after the replay was not acknowledged")
                return
            }
            #expect(third.revision == second.revision.map { $0 + 1 })
            try phone.send(.keyValueFetch(KeyValueFetch(requestID: 5, subscribe: false)))
            guard case .keyValueSnapshot(let snapshot) = phone.next("keyValueSnapshot") else {
                Issue.record("no snapshot after the restart")
                return
            }
            #expect(snapshot.entries.map(\.key) == ["a", "b", "c"])
            #expect(snapshot.entries.map(\.value) == [.int(1), .int(2), .int(3)])
        }
    }
}
