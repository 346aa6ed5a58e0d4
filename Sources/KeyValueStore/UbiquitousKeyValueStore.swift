import AccountClient
import BatonEnvironment
import Foundation
import Logging
import Wire

/// The account's key-value store as one device sees it, with NSUbiquitousKeyValueStore's semantics.
///
/// Confined to the UI thread, like `HandoffCoordinator`: feed it every event the `AccountClient` posts
/// (`handle(_:)`); `didChangeExternally` is called on that thread. Reads are served from the local copy.
/// Writes change the copy at once, are appended to `kv-pending.log` in the device's directory before `set`
/// returns (a crash of the process cannot lose them) and sent to the daemon; ones made while the daemon is
/// down are sent when the client has reconnected. On every connect
/// the store fetches the daemon's copy (sent in pieces, applied once the last is in; the first time:
/// `initialSyncChange`) and subscribes to pushes.
///
/// The client must register the device (the suite's `HandoffCoordinator` does); the store only needs the
/// events. Create the store before `client.start()` so it sees the first `connected` event.
/// `synchronize()` (and releasing the store) syncs the log to the disk (`fdatasync`): writes then also
/// survive power loss.
public final class UbiquitousKeyValueStore {
    public let deviceName: String
    /// Called with every change the app did not make itself: other devices' writes, the initial sync,
    /// a refused write (quota violation), a different account store.
    public var didChangeExternally: ((KeyValueStoreChange) -> Void)?

    private let client: AccountClient
    private let file: PendingWriteLog
    private let logger = Logger(label: "baton.kv")
    private var replica: KeyValueReplica
    /// Whether the current connection is registered and the pending writes went out on it.
    private var linkReady = false
    private var hasSynced = false
    private var fetchRequestID: UInt64?
    /// The pieces of the snapshot being received; it is applied when the last one is in.
    private var snapshotPieces = KeyValueSnapshotAssembler()

    /// A store for `deviceName` talking to the daemon through `client`; loads the device's pending writes.
    public init(deviceName: String, client: AccountClient, paths: BatonPaths = BatonPaths()) {
        self.deviceName = deviceName
        self.client = client
        file = PendingWriteLog(directory: paths.deviceDirectory(deviceName))
        // Write ids start from the clock (in microseconds) so they keep increasing even if the file is lost.
        let clockFloor = UInt64(max(0, Date().timeIntervalSince1970 * 1_000_000))
        var saved: PendingWriteLog.Contents?
        do {
            saved = try file.load()
        } catch {
            logger.error("cannot read \(file.url.path) (moved aside as .damaged): \(error)")
            file.quarantine()
        }
        replica = KeyValueReplica(
            pending: saved?.writes ?? [], nextWriteID: max(clockFloor, saved?.nextWriteID ?? 0))
        if client.isConnected { connected() }
    }

    /// Waits until the pending writes are on disk.
    deinit {
        _ = file.flush()
    }

    // MARK: - Reading

    /// The value stored under `key`, or nil.
    public func object(forKey key: String) -> PropertyListValue? { replica.value(forKey: key) }

    /// The string stored under `key`; nil when absent or not a string.
    public func string(forKey key: String) -> String? {
        if case .string(let value) = object(forKey: key) { return value }
        return nil
    }

    /// The dictionary stored under `key`; nil when absent or not a dictionary.
    public func dictionary(forKey key: String) -> [String: PropertyListValue]? {
        if case .dictionary(let value) = object(forKey: key) { return value }
        return nil
    }

    /// The array stored under `key`; nil when absent or not an array.
    public func array(forKey key: String) -> [PropertyListValue]? {
        if case .array(let value) = object(forKey: key) { return value }
        return nil
    }

    /// The data stored under `key`; nil when absent or not data.
    public func data(forKey key: String) -> Data? {
        if case .data(let value) = object(forKey: key) { return value }
        return nil
    }

    /// The Boolean under `key` (numbers: non-zero is true); false when absent or of another type.
    public func bool(forKey key: String) -> Bool {
        switch object(forKey: key) {
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        default: false
        }
    }

    /// The number under `key` as a double (integers converted); 0 when absent or of another type.
    public func double(forKey key: String) -> Double {
        switch object(forKey: key) {
        case .double(let value): value
        case .int(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        default: 0
        }
    }

    /// The number under `key` as a 64-bit integer (doubles truncated, clamped); 0 when absent or of another type.
    public func longLong(forKey key: String) -> Int64 {
        switch object(forKey: key) {
        case .int(let value): Int64(value)
        case .double(let value) where value.isFinite:
            Int64(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max)
        case .bool(let value): value ? 1 : 0
        default: 0
        }
    }

    /// Every key and value of the local copy.
    public var dictionaryRepresentation: [String: PropertyListValue] { replica.values }

    // MARK: - Writing

    /// Stores `value` under `key` (nil removes it). Throws when the key or value breaks a limit or is not a
    /// property-list value; a broken limit is also announced as a `quotaViolationChange` for the key.
    public func set(_ value: PropertyListValue?, forKey key: String) throws(KeyValueStoreError) {
        // The value is encoded once, for its size and for its line in the log; the store's size is kept.
        let valueJSON = value.flatMap { try? JSONEncoder().encode($0) }
        let size =
            valueJSON.map { KeyValueLimits.size(key: key, valueJSON: $0) }
            ?? value.map { KeyValueLimits.size(key: key, value: $0) } ?? 0
        let quota = replica.quota()
        do {
            _ = try KeyValueLimits.admit(
                key: key, value: value, size: size, previousSize: replica.size(ofKey: key), count: quota.count,
                total: quota.bytes)
        } catch {
            if error.isQuotaViolation {
                didChangeExternally?(KeyValueStoreChange(reason: .quotaViolationChange, changedKeys: [key]))
            }
            throw error
        }
        let write = replica.write(value, forKey: key, size: size)
        // On file before the daemon can have it.
        file.append(write, valueJSON: valueJSON)
        if linkReady { send(write) }
    }

    /// Removes `key`.
    public func removeObject(forKey key: String) {
        // Removing never breaks a limit; only the empty key is refused, and it cannot be present.
        try? set(nil, forKey: key)
    }

    /// Sends the pending writes when connected and waits until they are saved to disk. False when they
    /// cannot be saved (they are still kept in memory and sent).
    @discardableResult
    public func synchronize() -> Bool {
        if linkReady { replica.pendingWrites.forEach(send) }
        return file.flush()
    }

    // MARK: - Events

    /// Processes one event from the `AccountClient`'s sink. Returns true when it was the store's alone
    /// (key-value messages); connection events are observed and left for others too (false).
    @discardableResult
    public func handle(_ event: any Sendable) -> Bool {
        guard let event = event as? AccountEvent else { return false }
        switch event {
        case .connected:
            connected()
            return false
        case .disconnected, .refused:
            linkReady = false
            fetchRequestID = nil
            snapshotPieces.reset()
            return false
        case .timer: return false
        case .message(let message): return handle(message)
        }
    }

    private func handle(_ message: WireMessage) -> Bool {
        switch message {
        case .keyValueSnapshot(let piece):
            guard piece.requestID == fetchRequestID, let snapshot = assemble(piece) else { return true }
            let (changed, accountChanged) = replica.apply(snapshot)
            if accountChanged { file.compact(contents) }
            let reason: KeyValueStoreChangeReason =
                accountChanged ? .accountChange : hasSynced ? .serverChange : .initialSyncChange
            let firstSync = !hasSynced
            hasSynced = true
            if !changed.isEmpty || firstSync { announce(reason, changed) }
        case .keyValueChanged(let change):
            announce(.serverChange, replica.apply(change.entries))
        case .keyValueWritten(let written):
            let wasPending = replica.pending[written.key]?.writeID == written.writeID
            let changed = replica.acknowledge(written)
            if wasPending { settled(written.key, written.writeID) }
            announce(.serverChange, changed)
        case .keyValueRejected(let rejected):
            logger.warning("write refused", metadata: ["key": "\(rejected.key)", "reason": "\(rejected.reason)"])
            let wasPending = replica.pending[rejected.key]?.writeID == rejected.writeID
            let changed = replica.reject(rejected)
            if wasPending, replica.pending[rejected.key] == nil { settled(rejected.key, rejected.writeID) }
            if rejected.reason.isQuotaViolation {
                announce(.quotaViolationChange, Array(Set(changed + [rejected.key])).sorted())
            } else {
                announce(.serverChange, changed)
            }
        default: return false
        }
        return true
    }

    /// Adds one piece of the snapshot; the whole snapshot once its last piece is in.
    private func assemble(_ piece: KeyValueSnapshot) -> KeyValueSnapshot? {
        do {
            return try snapshotPieces.add(piece)
        } catch {
            logger.error("snapshot from the daemon dropped: \(error)")
            return nil
        }
    }

    private func connected() {
        linkReady = true
        let requestID = client.nextRequestID()
        fetchRequestID = requestID
        snapshotPieces.reset()
        // The snapshot is asked for first so resent writes are acknowledged after it arrives.
        client.send(.keyValueFetch(KeyValueFetch(requestID: requestID, subscribe: true)))
        replica.pendingWrites.forEach(send)
    }

    private func send(_ write: PendingWrite) {
        let message = WireMessage.keyValueWrite(
            KeyValueWrite(requestID: client.nextRequestID(), key: write.key, value: write.value, writeID: write.writeID)
        )
        if !client.send(message) { linkReady = false }
    }

    private func announce(_ reason: KeyValueStoreChangeReason, _ keys: [String]) {
        guard !keys.isEmpty || reason == .initialSyncChange else { return }
        didChangeExternally?(KeyValueStoreChange(reason: reason, changedKeys: keys))
    }

    /// What the log must hold: the pending writes and the next write id.
    private var contents: PendingWriteLog.Contents {
        .init(nextWriteID: replica.nextWriteID, writes: replica.pendingWrites)
    }

    /// Logs that the write `writeID` of `key` is no longer pending; rewrites the log once it has grown.
    /// (No sync is waited for: a lost line only means the daemon is sent the write again, and applies it once.)
    private func settled(_ key: String, _ writeID: UInt64?) {
        guard let writeID else { return }
        file.append(.done(key: key, writeID: writeID))
        if file.wantsCompaction { file.compact(contents) }
    }
}

extension UbiquitousKeyValueStore {
    /// How many local writes the daemon has not acknowledged yet.
    public var pendingWriteCount: Int { replica.pending.count }
}
