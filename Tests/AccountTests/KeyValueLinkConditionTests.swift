import AccountClient
import BatonEnvironment
import Foundation
import Testing
import Wire

/// The account link's writes of server rows are conditional (`KeyValueWrite.unlessNewerThan`): a device's
/// acknowledged write the link has not heard of yet is never overwritten by an older server row. Before, the link
/// overwrote it and wrote it back once it heard of it, so a link (or daemon) killed in between lost an acknowledged
/// write (issue 27's checker, seeds 27 and 2027).
@Suite struct KeyValueLinkConditionTests {
    private func write(
        _ paths: BatonPaths, _ value: String, writer: String, unlessNewerThan heard: Int64? = nil
    ) async throws -> Int64? {
        let reply = try await DaemonQuery.request(paths: paths) {
            .keyValueWrite(
                KeyValueWrite(
                    requestID: $0, key: "k", value: .string(value), writer: writer, unlessNewerThan: heard))
        }
        guard case .keyValueWritten(let written) = reply else { throw KeyValueTestError("\(reply)") }
        return written.revision
    }

    private func value(_ paths: BatonPaths) async throws -> PropertyListValue? {
        try await DaemonQuery.keyValueSnapshot(paths: paths).entries.first { $0.key == "k" }?.value
    }

    @Test func aServerRowOnWhatTheLinkHeardLeavesANewerDeviceWriteAndOtherwiseApplies() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let devices = KeyValueDevices()
        defer { devices.stop() }
        let starter = devices.add("starter", harness: harness)
        #expect(await devices.pump { starter.synced })
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])

        // The link brings a row from desk, then another from laptop on top of it (its own write: applies).
        let first = try await write(paths, "desk's row", writer: "machine:desk", unlessNewerThan: 0)
        #expect(first != nil)
        let second = try await write(paths, "laptop's row", writer: "machine:laptop", unlessNewerThan: 0)
        #expect(second != nil)
        // A device writes (acknowledged) before the link hears of it; the link brings an older row: refused.
        let local = try await write(paths, "written here", writer: "cli-here")
        #expect(local != nil)
        let stale = try await write(paths, "an older row", writer: "machine:desk", unlessNewerThan: second)
        #expect(stale == nil)
        #expect(try await value(paths) == .string("written here"))
        // Once the link has heard of the device's write, a later row applies.
        let later = try await write(paths, "a later row", writer: "machine:desk", unlessNewerThan: local)
        #expect(later != nil)
        #expect(try await value(paths) == .string("a later row"))
    }
}
