import AccountClient
import BatonEnvironment
import Foundation
import KeyValueStore
import Testing
import Wire

/// A store filled close to every limit, synced through a real daemon: to a device's store and to `baton kv`.
@Suite(.serialized) struct KeyValueFullStoreTests {
    /// Starts the daemon (through a device that then stays connected) and writes the full store into it.
    private func fillDaemon(_ harness: BatonHarness) async throws -> KeyValueDevices {
        let devices = KeyValueDevices()
        let filler = devices.add("filler", harness: harness)
        #expect(await devices.pump { filler.synced })
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        for pair in FullStore.pairs {
            let reply = try await DaemonQuery.request(paths: paths) {
                .keyValueWrite(KeyValueWrite(requestID: $0, key: pair.key, value: pair.value, writer: FullStore.writer))
            }
            guard case .keyValueWritten = reply else { throw KeyValueTestError("\(reply)") }
        }
        return devices
    }

    @Test func aDeviceSyncsTheFullStoreAndHearsTheInitialSyncOnceItIsAllIn() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = try await fillDaemon(harness)
        defer { devices.stop() }

        let reader = devices.add("reader", harness: harness, start: false)
        let record = reader.store.didChangeExternally
        var keysAtInitialSync: [Int] = []
        reader.store.didChangeExternally = { change in
            if change.reason == .initialSyncChange {
                keysAtInitialSync.append(reader.store.dictionaryRepresentation.count)
            }
            record?(change)
        }
        reader.client.start()
        #expect(await devices.pump { reader.synced })
        #expect(keysAtInitialSync == [KeyValueLimits.maxKeys], "applied once, with every piece in")
        // Compared as booleans: a failure should not print a megabyte of values.
        let changedKeys = reader.changes(.initialSyncChange).first?.changedKeys ?? []
        let allAnnounced = changedKeys == FullStore.pairs.map(\.key)
        #expect(allAnnounced, "\(changedKeys.count) keys announced")
        let expected = Dictionary(uniqueKeysWithValues: FullStore.pairs.map { ($0.key, $0.value) })
        let synced = reader.store.dictionaryRepresentation
        let allSynced = synced == expected
        #expect(allSynced, "\(synced.count) of \(expected.count) keys synced")
        #expect(reader.disconnections == 0, "no frame was too large for the connection")
    }

    @Test func kvListPrintsTheFullStore() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = try await fillDaemon(harness)
        defer { devices.stop() }

        // A megabyte of output goes to a file: the harness's pipe reader is for short transcripts.
        let output = harness.home.appendingPathComponent("kv-list.json")
        let process = try harness.launch(
            ["kv", "list", "--json"], prefix: ["/bin/sh", "-c", #"exec "$0" "$@" > '"# + output.path + "'"])
        #expect(await process.exitStatus() == 0, "\(process.transcript.prefix(500))")
        let printed = try Data(contentsOf: output)
        let parsed = try? JSONSerialization.jsonObject(with: printed) as? [String: [String: Any]]
        let object = try #require(
            parsed, "\(printed.count) bytes, ending: \(String(decoding: printed.suffix(300), as: UTF8.self))")
        let allListed = Set(object.keys) == Set(FullStore.pairs.map(\.key))
        #expect(allListed, "\(object.count) keys listed")
        for pair in FullStore.pairs {
            guard case .string(let text) = pair.value else { continue }
            let listedRight =
                object[pair.key]?["value"] as? String == text
                && object[pair.key]?["writer"] as? String == FullStore.writer
            #expect(listedRight, "\(pair.key)")
        }
    }
}
