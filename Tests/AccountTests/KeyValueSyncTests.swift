import AccountClient
import BatonEnvironment
import Foundation
import KeyValueStore
import Testing
import Wire

/// In-process devices against a real daemon (the built `baton`) in an isolated BATON_HOME.
@Suite(.serialized) struct KeyValueSyncTests {
    @Test func aFavouriteSetOnOneDeviceReachesTheOtherWithReasonAndKeys() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let (devices, alpha, beta) = await twoSyncedDevices(harness)
        defer { devices.stop() }
        #expect(beta.changes(.initialSyncChange).first?.changedKeys == [])

        let favorites: [String: PropertyListValue] = [
            "apple-park": .string("https://www.apple.com/retail/appleparkvisitorcenter/")
        ]
        try alpha.store.set(.dictionary(favorites), forKey: "favoritesIdentifiers")
        try alpha.store.set(.int(3), forKey: "count")
        #expect(alpha.store.dictionary(forKey: "favoritesIdentifiers") == favorites, "writes show locally at once")
        #expect(await devices.pump { beta.store.longLong(forKey: "count") == 3 })
        #expect(beta.store.dictionary(forKey: "favoritesIdentifiers") == favorites)
        #expect(
            beta.changes(.serverChange).map(\.changedKeys) == [["favoritesIdentifiers"], ["count"]],
            "one change per write, naming its key")
        #expect(alpha.changes(.serverChange).isEmpty, "the writer is not told about its own write")

        alpha.store.removeObject(forKey: "count")
        #expect(await devices.pump { beta.store.object(forKey: "count") == nil })
        #expect(beta.changes(.serverChange).last?.changedKeys == ["count"])
        #expect(beta.store.dictionaryRepresentation == ["favoritesIdentifiers": .dictionary(favorites)])
    }

    @Test func theWriteThatArrivesLastAtTheDaemonWins() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let (devices, alpha, beta) = await twoSyncedDevices(harness)
        defer { devices.stop() }

        // In sequence: beta's write arrives after alpha's, so beta's value wins on both devices.
        try alpha.store.set(.string("from alpha"), forKey: "title")
        #expect(await devices.pump { alpha.store.pendingWriteCount == 0 && beta.store.string(forKey: "title") != nil })
        try beta.store.set(.string("from beta"), forKey: "title")
        #expect(await devices.pump { alpha.store.string(forKey: "title") == "from beta" })

        // Concurrently, many times: both devices settle on the value of whichever write the daemon took last.
        for round in 0..<20 {
            try alpha.store.set(.string("alpha \(round)"), forKey: "race")
            try beta.store.set(.string("beta \(round)"), forKey: "race")
        }
        #expect(await devices.pump { alpha.store.pendingWriteCount == 0 && beta.store.pendingWriteCount == 0 })
        let daemon = try await daemonEntry("race", harness: harness)
        #expect(daemon?.value == .string("\(daemon?.writer ?? "?") 19"))
        #expect(await devices.pump { alpha.store.object(forKey: "race") == daemon?.value })
        #expect(await devices.pump { beta.store.object(forKey: "race") == daemon?.value })
    }

    @Test func theDaemonEnforcesTheLimitsAndTheDeviceHearsAQuotaViolation() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = KeyValueDevices()
        defer { devices.stop() }
        let big = PropertyListValue.string(String(repeating: "x", count: 600_000))
        let alpha = devices.add("alpha", harness: harness)
        #expect(await devices.pump { alpha.synced })
        try alpha.store.set(big, forKey: "first")
        #expect(await devices.pump { alpha.store.pendingWriteCount == 0 })

        // Beta writes before it has synced: its own check passes, the daemon's does not.
        let beta = devices.add("beta", harness: harness, start: false)
        try beta.store.set(big, forKey: "second")
        #expect(beta.store.object(forKey: "second") == big)
        beta.client.start()
        #expect(await devices.pump { !beta.changes(.quotaViolationChange).isEmpty })
        #expect(beta.changes(.quotaViolationChange).first?.changedKeys == ["second"])
        #expect(beta.store.object(forKey: "second") == nil && beta.store.object(forKey: "first") == big)
        #expect(beta.store.pendingWriteCount == 0)

        // Once synced, the device refuses by itself, with a typed error and the same notification.
        #expect(throws: KeyValueStoreError.self) { try beta.store.set(big, forKey: "third") }
        #expect(beta.changes(.quotaViolationChange).last?.changedKeys == ["third"])

        // A raw write that skips the client's checks is refused by the daemon too.
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        let longKey = String(repeating: "k", count: 65)
        let reply = try await DaemonQuery.request(paths: paths) {
            .keyValueWrite(KeyValueWrite(requestID: $0, key: longKey, value: .int(1)))
        }
        guard case .keyValueRejected(let rejected) = reply else { throw KeyValueTestError("\(reply)") }
        #expect(rejected.reason == .keyTooLong(key: longKey, bytes: 65, limit: 64))
    }

    @Test func valuesSurviveADaemonKilledAndRestarted() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = KeyValueDevices()
        let alpha = devices.add("alpha", harness: harness)
        #expect(await devices.pump { alpha.synced })
        try alpha.store.set(.dictionary(["n": .int(1), "d": .double(2.5), "b": .bool(true)]), forKey: "mixed")
        #expect(await devices.pump { alpha.store.pendingWriteCount == 0 })
        devices.stop()
        let pid = try #require(harness.daemonPID)
        kill(pid, SIGKILL)

        let later = KeyValueDevices()
        defer { later.stop() }
        let beta = later.add("beta", harness: harness)
        #expect(await later.pump { beta.synced })
        #expect(harness.daemonPID != pid, "a new daemon serves")
        #expect(beta.store.dictionary(forKey: "mixed") == ["n": .int(1), "d": .double(2.5), "b": .bool(true)])
        #expect(beta.changes(.initialSyncChange).first?.changedKeys == ["mixed"])
    }

    @Test func writesMadeWhileTheDaemonIsDownAreDeliveredWhenItIsBack() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.launch(["daemon", "start"]).exitStatus() == 0)
        let devices = KeyValueDevices()
        defer { devices.stop() }
        let alpha = devices.add("alpha", harness: harness, spawnDaemon: false)
        let beta = devices.add("beta", harness: harness, spawnDaemon: false)
        #expect(await devices.pump { alpha.synced && beta.synced })
        kill(try #require(harness.daemonPID), SIGKILL)
        #expect(await devices.pump { alpha.disconnections > 0 && beta.disconnections > 0 })

        try alpha.store.set(.string("written offline"), forKey: "note")
        #expect(alpha.store.string(forKey: "note") == "written offline")
        #expect(alpha.store.synchronize())
        let pendingFile = harness.home.appendingPathComponent("state/devices/alpha/kv-pending.log")
        #expect(try String(contentsOf: pendingFile, encoding: .utf8).contains("written offline"))

        #expect(try await harness.launch(["daemon", "start"]).exitStatus() == 0)
        #expect(await devices.pump { beta.store.string(forKey: "note") == "written offline" })
        #expect(await devices.pump { alpha.store.pendingWriteCount == 0 })
        #expect(beta.changes(.serverChange).last?.changedKeys == ["note"])
    }

    @Test func pendingWritesSurviveTheAppQuittingBeforeTheDaemonCameBack() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let offline = KeyValueDevices()
        let first = offline.add("alpha", harness: harness, spawnDaemon: false)
        try first.store.set(.int(42), forKey: "answer")
        #expect(first.store.synchronize())
        offline.stop()

        let relaunched = KeyValueDevices()
        defer { relaunched.stop() }
        let alpha = relaunched.add("alpha", harness: harness)
        #expect(alpha.store.object(forKey: "answer") == .int(42), "the pending write is read back at once")
        #expect(await relaunched.pump { alpha.synced && alpha.store.pendingWriteCount == 0 })
        #expect(try await daemonEntry("answer", harness: harness)?.value == .int(42))
    }

    @Test func aWriteSurvivesTheAppKilledBeforeTheDaemonHadIt() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        // The probe's store writes with no daemon to send to, says so once `set` has returned, and is
        // killed (-9) then: no synchronize, no deinit, no background sync waited for.
        let probe = try harness.launch(["kv-probe", "set", "--device", "alpha", "--key", "answer", "--value", "42"])
        #expect(await probe.waitForEvent("set") != nil, "\(probe.transcript)")
        probe.kill()
        _ = await probe.exitStatus()
        #expect(harness.daemonPID == nil, "no daemon had the write")

        let relaunched = KeyValueDevices()
        defer { relaunched.stop() }
        let alpha = relaunched.add("alpha", harness: harness)
        #expect(alpha.store.object(forKey: "answer") == .int(42), "the write is read back from the log")
        #expect(await relaunched.pump { alpha.synced && alpha.store.pendingWriteCount == 0 })
        #expect(try await daemonEntry("answer", harness: harness)?.value == .int(42))
    }

    /// Devices "alpha" and "beta", connected (starting the daemon) and synced.
    private func twoSyncedDevices(_ harness: BatonHarness) async -> (KeyValueDevices, KeyValueDevice, KeyValueDevice) {
        let devices = KeyValueDevices()
        let alpha = devices.add("alpha", harness: harness)
        let beta = devices.add("beta", harness: harness)
        #expect(await devices.pump { alpha.synced && beta.synced })
        return (devices, alpha, beta)
    }

    /// What the daemon holds for `key`.
    private func daemonEntry(_ key: String, harness: BatonHarness) async throws -> KeyValueEntry? {
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        return try await DaemonQuery.keyValueSnapshot(paths: paths).entries.first { $0.key == key }
    }
}

/// A reply the test did not expect.
struct KeyValueTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
