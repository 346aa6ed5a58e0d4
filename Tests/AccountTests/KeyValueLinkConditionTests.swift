import AccountClient
import BatonEnvironment
import Foundation
import TestSupport
import Testing
import Wire

/// The account link's writes of server rows are conditional (`KeyValueWrite.unlessNewerThan`): a device's
/// acknowledged write the link has not heard of yet is never overwritten by an older server row. Before, the link
/// overwrote it and wrote it back once it heard of it, so a link (or daemon) killed in between lost an acknowledged
/// write (issue 27's checker, seeds 27 and 2027). The link is the connection the daemon granted (`LinkHello`),
/// never a writer's name: a device called `machine:desk` is a device (issue 37).
@Suite struct KeyValueLinkConditionTests {
    private struct Link {
        let claimant: LinkClaimant
        var request: UInt64 = 100

        /// Writes as the link; the revision the daemon stored it as, nil when refused by the condition.
        mutating func write(_ value: String, from machine: String, unlessNewerThan heard: Int64) throws -> Int64? {
            request += 1
            let id = request
            try claimant.socket.send(
                .keyValueWrite(
                    KeyValueWrite(
                        requestID: id, key: "k", value: .string(value), writer: "machine:\(machine)",
                        unlessNewerThan: heard)))
            let reply = claimant.socket.next {
                if case .keyValueWritten(let written) = $0 { written.requestID == id } else { false }
            }
            guard case .keyValueWritten(let written) = reply else {
                throw KeyValueTestError("\(String(describing: reply))")
            }
            return written.revision
        }
    }

    private func deviceWrite(_ paths: BatonPaths, _ value: String, writer: String) async throws -> Int64? {
        let reply = try await DaemonQuery.request(paths: paths) {
            .keyValueWrite(
                KeyValueWrite(requestID: $0, key: "k", value: .string(value), writer: writer, unlessNewerThan: 0))
        }
        guard case .keyValueWritten(let written) = reply else { throw KeyValueTestError("\(reply)") }
        return written.revision
    }

    private func entry(_ paths: BatonPaths) async throws -> KeyValueEntry? {
        try await DaemonQuery.keyValueSnapshot(paths: paths).entries.first { $0.key == "k" }
    }

    private func startedDaemon() async throws -> (BatonHarness, KeyValueDevices, BatonPaths) {
        let harness = try BatonHarness()
        let devices = KeyValueDevices()
        let starter = devices.add("starter", harness: harness)
        #expect(await devices.pump { starter.synced })
        return (harness, devices, BatonPaths(environment: ["BATON_HOME": harness.home.path]))
    }

    /// A daemon with a device, and this process granted as its link, for `body`.
    private func withGrantedLink(_ body: (inout Link, BatonPaths) async throws -> Void) async throws {
        let (harness, devices, paths) = try await startedDaemon()
        defer { harness.tearDown() }
        defer { devices.stop() }
        var link = Link(claimant: try LinkClaimant(paths: paths))
        defer { link.claimant.close() }
        guard case .linkGranted = link.claimant.answer() else {
            Issue.record("the link was not granted")
            return
        }
        try await body(&link, paths)
    }

    @Test func aServerRowOnWhatTheLinkHeardLeavesANewerDeviceWriteAndOtherwiseApplies() async throws {
        try await withGrantedLink { link, paths in

            // The link brings a row from desk, then another from laptop on top of it (its own write: applies).
            let first = try link.write("desk's row", from: "desk", unlessNewerThan: 0)
            #expect(first != nil)
            let second = try link.write("laptop's row", from: "laptop", unlessNewerThan: 0)
            #expect(second != nil)
            #expect(try await entry(paths)?.isViaLink == true)
            // A device writes (acknowledged) before the link hears of it; the link brings an older row: refused.
            let local = try await deviceWrite(paths, "written here", writer: "cli-here")
            #expect(local != nil)
            let stale = try link.write("an older row", from: "desk", unlessNewerThan: try #require(second))
            #expect(stale == nil)
            #expect(try await entry(paths)?.value == .string("written here"))
            // Once the link has heard of the device's write, a later row applies.
            let later = try link.write("a later row", from: "desk", unlessNewerThan: try #require(local))
            #expect(later != nil)
            #expect(try await entry(paths)?.value == .string("a later row"))
        }
    }

    /// A device whose name is what the link calls a machine (`machine:desk`) writes as any device: its write is not
    /// the link's, it is kept from an older server row, and a condition it sends itself is ignored. Before, a
    /// `machine:` name made every write of it the link's: never sent to other machines, and overwritten by any
    /// older row.
    @Test func aDeviceNamedLikeAMachineIsADevice() async throws {
        try await withGrantedLink { link, paths in
            let heard = try #require(try link.write("a row", from: "desk", unlessNewerThan: 0))

            let written = try await deviceWrite(paths, "the device's", writer: "machine:pts/3")
            #expect(written != nil, "its own condition (unlessNewerThan 0) is not read on a device's connection")
            let stored = try #require(try await entry(paths))
            #expect(stored.writer == "machine:pts/3")
            #expect(!stored.isViaLink)
            #expect(try link.write("an older row", from: "desk", unlessNewerThan: heard) == nil)
            #expect(try await entry(paths)?.value == .string("the device's"))
        }
    }

    /// Hostile claims: a wrong token, or the right token from a process that does not hold the link's lock, are
    /// refused with `forbidden` and the connection is closed; the daemon goes on serving.
    @Test func aClaimWithoutTheTokenOrTheLockIsRefusedAndClosed() async throws {
        let (harness, devices, paths) = try await startedDaemon()
        defer { harness.tearDown() }
        defer { devices.stop() }
        let forged = try LinkClaimant(paths: paths, token: "0-0-0-0")
        guard case .error(let refusal) = forged.answer() else {
            Issue.record("a forged token was granted")
            return
        }
        #expect(refusal.failure.code == WireFailure.forbidden)
        #expect(forged.socket.closedByPeer())
        forged.close()

        let lockless = try LinkClaimant(paths: paths, holdLock: false)
        guard case .error(let second) = lockless.answer() else {
            Issue.record("a claim without the link's lock was granted")
            return
        }
        #expect(second.failure.message.contains("lock"))
        #expect(lockless.socket.closedByPeer())
        lockless.close()
        #expect(try await deviceWrite(paths, "still served", writer: "cli") != nil)
    }
}
