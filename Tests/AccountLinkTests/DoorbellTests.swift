import Foundation
import Testing

@testable import AccountLink

/// Doorbells another role can neither name nor read, and a gate that turns any number of rings into at most one
/// read running and one waiting.
@Suite struct DoorbellTests {
    @Test func channelNamesComeFromTheKeyAndPayloadsOpenOnlyWithIt() {
        let key = AccountKey.generate()
        let other = AccountKey.generate()
        let channel = Doorbells.channel("kv", owner: "alice", key: key)
        #expect(channel == Doorbells.channel("kv", owner: "alice", key: key))
        #expect(channel.hasPrefix("baton_kv_") && channel.utf8.count == 49 && channel.utf8.count <= 63)
        // Nothing in the name says whose it is; another key, role or kind gives another name.
        #expect(!channel.contains("alice"))
        #expect(channel != Doorbells.channel("kv", owner: "alice", key: other))
        #expect(channel != Doorbells.channel("kv", owner: "bob", key: key))
        #expect(channel != Doorbells.channel("ho", owner: "alice", key: key))

        let said = HandoffServer.Doorbell.offer(machine: "laptop", device: "A").payload
        let sealed = Doorbells.seal(said, channel: channel, key: key)
        #expect(!sealed.contains("laptop"))
        #expect(Doorbells.open(sealed, channel: channel, key: key) == said)
        #expect(Doorbells.open(sealed, channel: channel, key: other) == nil)
        #expect(Doorbells.open(sealed, channel: Doorbells.channel("ho", owner: "alice", key: key), key: key) == nil)
        #expect(Doorbells.open(said, channel: channel, key: key) == nil)  // a forged plain payload
    }

    /// 10 000 rings while one read runs: one more read, not 10 000.
    @Test func aFloodOfRingsCostsOneMoreRead() async throws {
        let gate = PullGate()
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            var rounds = 0
            var iterator = release.makeAsyncIterator()
            for await _ in gate.wakes {
                guard !gate.take().isEmpty else { continue }
                rounds += 1
                starting.yield()
                if rounds == 1 { await iterator.next() }  // the first read runs until the flood is over
                gate.finished()
                if rounds == 2 { return rounds }
            }
            return rounds
        }
        gate.ring(.keyValues)
        var startedIterator = started.makeAsyncIterator()
        await startedIterator.next()
        for index in 0..<10_000 { gate.ring(index.isMultiple(of: 2) ? .keyValues : .pushes) }
        releasing.yield()
        await startedIterator.next()
        #expect(await reader.value == 2)
        #expect(gate.roundsFinished == 2)
        #expect(gate.take().isEmpty)  // the second read took both kinds the flood asked for
    }
}
