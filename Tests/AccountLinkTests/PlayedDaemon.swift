import AccountLink
import BatonEnvironment
import Foundation
import Logging
import TestSupport
import Testing
import Wire

/// A machine's link run in the test process against a daemon the test plays: a Unix socket of the test's own at the
/// daemon's path (the machine's real daemon stopped), where the link connects as if to its daemon.
struct PlayedDaemon {
    /// The daemon's side of the link's connection.
    let socket: RawDaemonSocket
    let files: LinkFiles
    private let listener: UnixListener
    private let link: Task<Void?, Never>

    /// Starts `machine`'s link here and takes its connection (throws if none comes within a minute: a hang).
    static func start(_ machines: LinkedMachines, _ machine: String) async throws -> PlayedDaemon {
        let paths = BatonPaths(environment: ["BATON_HOME": machines.home(machine).path])
        let files = LinkFiles(paths: paths)
        let record = try #require(try files.readLink())
        let bridge = KeyValueBridge(
            record: record, key: try files.readKey(), files: files, logger: Logger(label: "test.link"))
        let listener = try UnixListener(path: paths.daemonSocket.path)
        let link = Task { try? await bridge.run() }
        let socket = try #require(try await listener.accept())
        return PlayedDaemon(socket: socket, files: files, listener: listener, link: link)
    }

    /// Answers the link's store fetch with `entries` (until it has, the link reads nothing from the server).
    func answerFetch(_ message: WireMessage, revision: Int64 = 0, entries: [KeyValueEntry] = []) -> Bool {
        guard case .keyValueFetch(let fetch) = message else { return false }
        for piece in KeyValueSnapshot.pieces(
            requestID: fetch.requestID, storeID: "s", revision: revision, entries: entries)
        {
            try? socket.send(.keyValueSnapshot(piece))
        }
        return true
    }

    /// The daemon dies: its connection closes, and the link ends.
    func die() async {
        socket.closeNow()
        listener.close()
        await link.value
    }
}
