import BatonEnvironment
import Foundation
import Logging
import Synchronization

/// The device's unacknowledged writes on disk (`<device directory>/kv-pending.log`), an append-only log of
/// JSON lines, so a write the app made survives the app (or the whole suite) crashing before the daemon
/// has it, and writes made while the daemon is down are delivered when it is back.
///
/// `append(_:)` writes one line with `write(2)` before it returns: once the app's `set` has returned, a
/// process crash (kill -9 included) cannot lose the write, because the kernel holds it. Power loss is what
/// `flush()` (`synchronize()`) is for: it runs `fdatasync`. None runs per append: on this 2-core machine one
/// after every few toggles took 9 % of the benchmark's CPU samples (submitting the I/O) beside the toggle's
/// path, for a promise the old file never made (it was not synced at all). Appending one line replaces
/// rewriting and renaming the whole file per write; the log is rewritten only when it has grown (`compact(_:)`).
final class PendingWriteLog: Sendable {
    /// One line of the log.
    enum Record: Codable, Equatable, Sendable {
        /// A local write (the newest per key is the pending one).
        case write(PendingWrite)
        /// The daemon has (or refused) the write with this key and id: it is no longer pending.
        case done(key: String, writeID: UInt64)
        /// The next write id to hand out (the first line after a rewrite).
        case next(UInt64)
    }

    /// What the log says: the pending writes and the next write id.
    struct Contents: Equatable, Sendable {
        var nextWriteID: UInt64 = 0
        var writes: [PendingWrite] = []
    }

    let url: URL
    /// The file of older versions, read once and replaced by the log.
    let legacyURL: URL
    private let logger = Logger(label: "baton.kv")
    private let state = Mutex(State())

    /// A log past this many bytes is rewritten with only what is pending.
    static let compactionBytes = 64 * 1024

    private struct State {
        var descriptor: Int32 = -1
        var bytes = 0
        var lastFailure: String?
    }

    init(directory: URL) {
        url = directory.appendingPathComponent("kv-pending.log")
        legacyURL = directory.appendingPathComponent("kv-pending.json")
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// The saved contents; nil when there is no file. A damaged line before the last is reported (thrown);
    /// a torn last line (the process died inside its `write`) is dropped: its `set` had not returned.
    func load() throws -> Contents? {
        if FileManager.default.fileExists(atPath: legacyURL.path) { return try loadLegacy(into: loadLog()) }
        return try loadLog()
    }

    private func loadLog() throws -> Contents? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try PrivateFile.read(url)
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
        if data.last != 0x0A, !lines.isEmpty { lines.removeLast() }
        let decoder = JSONDecoder()
        var contents = Contents()
        var pending: [String: PendingWrite] = [:]
        for line in lines {
            switch try decoder.decode(Record.self, from: Data(line)) {
            case .write(let write):
                pending[write.key] = write
                contents.nextWriteID = max(contents.nextWriteID, write.writeID + 1)
            case .done(let key, let writeID):
                if pending[key]?.writeID == writeID { pending[key] = nil }
                contents.nextWriteID = max(contents.nextWriteID, writeID + 1)
            case .next(let next): contents.nextWriteID = max(contents.nextWriteID, next)
            }
        }
        contents.writes = pending.values.sorted { $0.writeID < $1.writeID }
        return contents
    }

    /// Moves a damaged file aside (`.damaged`) so the next write does not destroy it.
    func quarantine() {
        for file in [url, legacyURL] where FileManager.default.fileExists(atPath: file.path) {
            let aside = file.appendingPathExtension("damaged")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: file, to: aside)
        }
    }

    /// Appends `write`, whose value's JSON encoding is `valueJSON` (nil: encode it here), as `append(_:)`:
    /// the line is put together around the encoded value rather than encoding it a second time.
    @discardableResult
    func append(_ write: PendingWrite, valueJSON: Data?) -> Bool {
        guard let valueJSON, let keyJSON = try? JSONEncoder().encode(write.key) else { return append(.write(write)) }
        var line = Data(#"{"write":{"_0":{"key":"#.utf8) + keyJSON
        if write.value != nil { line += Data(#","value":"#.utf8) + valueJSON }
        line += Data(#","writeID":\#(write.writeID)}}}"#.utf8)
        return append(line: line)
    }

    /// Appends `record` with one `write(2)` before returning. False (logged) when
    /// it could not be written: the write is then kept in memory only.
    @discardableResult
    func append(_ record: Record) -> Bool {
        guard let line = try? JSONEncoder().encode(record) else { return false }
        return append(line: line)
    }

    private func append(line encoded: Data) -> Bool {
        var line = encoded
        line.append(0x0A)
        let written = state.withLock { state -> Bool in
            guard openIfNeeded(&state) else { return false }
            guard line.withUnsafeBytes({ DescriptorWrite.all(Array($0), to: state.descriptor) }) else {
                state.lastFailure = "cannot append to \(url.path): \(String(cString: strerror(errno)))"
                // A part-written line would join the next one: cut it off.
                _ = ftruncate(state.descriptor, off_t(state.bytes))
                return false
            }
            state.bytes += line.count
            return true
        }
        if !written { logger.error("\(state.withLock { $0.lastFailure ?? "" })") }
        return written
    }

    /// Whether the log has grown past `compactionBytes` and should be rewritten.
    var wantsCompaction: Bool { state.withLock { $0.bytes > Self.compactionBytes } }

    /// Rewrites the log with only `contents` (a temporary file, synced, renamed over it): rare, once the log
    /// has grown, so the file stays as small as what is pending.
    func compact(_ contents: Contents) {
        if contents.writes.isEmpty, truncate(nextWriteID: contents.nextWriteID) { return }
        var data = Data()
        let encoder = JSONEncoder()
        for record in [Record.next(contents.nextWriteID)] + contents.writes.map(Record.write) {
            guard let line = try? encoder.encode(record) else { continue }
            data.append(line)
            data.append(0x0A)
        }
        state.withLock { state in
            do {
                try PrivateFile.write(data, to: url, durable: true)
                if state.descriptor >= 0 { close(state.descriptor) }
                state.descriptor = -1
                state.bytes = data.count
            } catch {
                state.lastFailure = "cannot rewrite \(url.path): \(error)"
            }
        }
    }

    /// Empties the log when nothing is pending (no rename, no sync: losing the id line to a crash costs
    /// nothing, as write ids start from the clock); false when the log is not open.
    private func truncate(nextWriteID: UInt64) -> Bool {
        guard var line = try? JSONEncoder().encode(Record.next(nextWriteID)) else { return false }
        line.append(0x0A)
        return state.withLock { state in
            guard state.descriptor >= 0, ftruncate(state.descriptor, 0) == 0 else { return false }
            state.bytes = 0
            if line.withUnsafeBytes({ DescriptorWrite.all(Array($0), to: state.descriptor) }) {
                state.bytes = line.count
            }
            return true
        }
    }

    /// Puts the appends so far on the disk (`fdatasync`); false when one could not be written.
    func flush() -> Bool {
        sync()
        return state.withLock { $0.lastFailure == nil }
    }

    private func sync() {
        let descriptor = state.withLock { state -> Int32 in
            state.descriptor >= 0 ? dup(state.descriptor) : -1
        }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if fdatasync(descriptor) != 0 {
            let failure = "cannot sync \(url.path): \(String(cString: strerror(errno)))"
            state.withLock { $0.lastFailure = failure }
            logger.error("\(failure)")
        }
    }

    /// Opens the log for appending (0600, never through a symbolic link); takes over an older version's file.
    private func openIfNeeded(_ state: inout State) -> Bool {
        if state.descriptor >= 0 { return true }
        do {
            try PrivateFile.createDirectory(url.deletingLastPathComponent())
        } catch {
            state.lastFailure = "cannot create \(url.deletingLastPathComponent().path): \(error)"
            return false
        }
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            state.lastFailure = "cannot open \(url.path): \(String(cString: strerror(errno)))"
            return false
        }
        _ = fchmod(descriptor, 0o600)
        var info = stat()
        state.bytes = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        state.descriptor = descriptor
        return true
    }

    /// Reads an older version's `kv-pending.json` and moves its writes into the log (keeping, per key, the newer
    /// of the two, should a log already be there), then removes it.
    private func loadLegacy(into log: Contents?) throws -> Contents {
        struct Legacy: Decodable {
            var nextWriteID: UInt64
            var writes: [PendingWrite]
        }
        let legacy = try JSONDecoder().decode(Legacy.self, from: PrivateFile.read(legacyURL))
        var pending: [String: PendingWrite] = [:]
        for write in legacy.writes + (log?.writes ?? []) where write.writeID > pending[write.key]?.writeID ?? 0 {
            pending[write.key] = write
        }
        let contents = Contents(
            nextWriteID: max(legacy.nextWriteID, log?.nextWriteID ?? 0),
            writes: pending.values.sorted { $0.writeID < $1.writeID })
        compact(contents)
        if state.withLock({ $0.lastFailure == nil }) { try? FileManager.default.removeItem(at: legacyURL) }
        return contents
    }
}
