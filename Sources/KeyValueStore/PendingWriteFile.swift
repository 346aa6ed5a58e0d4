import BatonEnvironment
import Foundation
import Logging
import Synchronization

/// The device's unacknowledged writes on disk (`<device directory>/kv-pending.json`), so writes made while
/// the daemon is down survive the app quitting and are delivered when the daemon is back.
///
/// Saving happens on a background queue (replacing a file can take milliseconds on ext4, too long for the
/// UI thread and the change latency); saves made while one is under way are coalesced into the newest.
final class PendingWriteFile: Sendable {
    /// The file's contents: the writes and the next write id to hand out.
    struct Contents: Codable, Equatable, Sendable {
        var nextWriteID: UInt64
        var writes: [PendingWrite]
    }

    let url: URL
    private let queue = DispatchQueue(label: "baton.kv.pending")
    private let logger = Logger(label: "baton.kv")
    private let state = Mutex(State())

    private struct State {
        /// The newest contents not yet handed to the queue's writer.
        var waiting: Contents?
        var lastFailure: String?
    }

    init(directory: URL) {
        url = directory.appendingPathComponent("kv-pending.json")
    }

    /// The saved contents; nil when there is no file. A damaged file is reported, not ignored.
    func load() throws -> Contents? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(Contents.self, from: PrivateFile.read(url))
    }

    /// Moves a damaged file aside (`kv-pending.json.damaged`) so the next save does not destroy it.
    func quarantine() {
        let aside = url.appendingPathExtension("damaged")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: url, to: aside)
    }

    /// Saves `contents` soon, replacing the file atomically.
    func save(_ contents: Contents) {
        let scheduled = state.withLock { state in
            defer { state.waiting = contents }
            return state.waiting != nil
        }
        if !scheduled { queue.async { self.writeWaiting() } }
    }

    /// Waits for every save so far; false when the newest could not be written.
    func flush() -> Bool {
        queue.sync {}
        return state.withLock { $0.lastFailure == nil }
    }

    private func writeWaiting() {
        guard
            let contents = state.withLock({ state -> Contents? in
                defer { state.waiting = nil }
                return state.waiting
            })
        else { return }
        do {
            try PrivateFile.write(try JSONEncoder().encode(contents), to: url)
            state.withLock { $0.lastFailure = nil }
        } catch {
            let failure = "cannot save \(url.path): \(error)"
            state.withLock { $0.lastFailure = failure }
            logger.error("\(failure)")
        }
    }
}
