import Foundation
import Logging
import Wire

/// The account's key-value store (NSUbiquitousKeyValueStore's server side). Serves the `keyValue` family.
///
/// Conflict rule: per key, the last write to *arrive* at the daemon wins. Each accepted write gets the next
/// revision of one counter; clients order what they hear by revision, never by their clocks. A write is
/// committed to SQLite before anyone hears of it (durable before visible); then every other subscribed
/// connection gets the new value, and the writer its acknowledgement. The limits are checked here again,
/// authoritatively. Registration is not required, so the CLI can read and write with one short connection.
final class KeyValueService: DaemonService {
    let families: Set<MessageFamily> = [.keyValue]
    var requiresRegistration: Bool { false }

    private let table: KeyValueTable
    private let logger: Logger
    private let now: () -> Date
    private let storeID: String
    private var lastRevision: Int64
    private var entries: [String: KeyValueEntry]
    private var lastWriteIDs: [String: UInt64]
    private var totalBytes: Int
    /// Connections that asked for pushes, by connection id.
    private var subscribers: [Int: ClientConnection] = [:]

    /// The longest writer name an unregistered connection may give.
    static let maxWriterCharacters = 128

    /// The writer name of a connection that registered no device and named none.
    static let anonymousWriter = "cli"

    init(store: AccountStore, logger: Logger, now: @escaping () -> Date) throws {
        table = KeyValueTable(pool: store.pool)
        let contents = try table.load()
        self.logger = logger
        self.now = now
        storeID = contents.storeID
        lastRevision = contents.lastRevision
        entries = contents.entries
        lastWriteIDs = contents.lastWriteIDs
        totalBytes = contents.entries.values.reduce(0) { total, entry in
            total + (entry.value.map { KeyValueLimits.size(key: entry.key, value: $0) } ?? 0)
        }
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        switch message {
        case .keyValueWrite(let write): apply(write, from: connection)
        case .keyValueFetch(let fetch):
            if fetch.subscribe { subscribers[connection.id] = connection }
            // In pieces: a full store with its revisions, times and writers is larger than one frame.
            let pieces = KeyValueSnapshot.pieces(
                requestID: fetch.requestID, storeID: storeID, revision: lastRevision,
                entries: entries.values.sorted { $0.key < $1.key })
            for piece in pieces { connection.send(.keyValueSnapshot(piece)) }
        default:
            connection.fail(nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
    }

    func connectionClosed(_ connection: ClientConnection) {
        subscribers[connection.id] = nil
    }

    private func apply(_ write: KeyValueWrite, from connection: ClientConnection) {
        // A writer that registered no device names itself; the name is stored and sent to every subscriber.
        let writer =
            connection.device?.name ?? write.writer.map { String($0.prefix(Self.maxWriterCharacters)) }
            ?? Self.anonymousWriter
        // Only a registered device's write ids are trusted to identify a resent write.
        let writeID = connection.device == nil ? nil : write.writeID
        if let writeID, let last = lastWriteIDs[writer], writeID <= last {
            connection.send(
                .keyValueWritten(
                    KeyValueWritten(requestID: write.requestID, key: write.key, writeID: writeID, revision: nil)))
            return
        }
        let previous = entries[write.key]
        let newTotal: Int
        do {
            newTotal = try KeyValueLimits.admit(
                key: write.key, value: write.value, previous: previous?.value, count: entries.count,
                total: totalBytes)
        } catch {
            logger.info("key-value write refused", metadata: ["writer": "\(writer)", "reason": "\(error)"])
            return reject(write, writeID: writeID, reason: error, to: connection)
        }
        let entry = KeyValueEntry(
            key: write.key, value: write.value, revision: lastRevision + 1, modified: now(), writer: writer)
        do {
            try table.commit(entry, writeID: writeID)
        } catch {
            logger.error("key-value write failed", metadata: ["key": "\(write.key)", "error": "\(error)"])
            return reject(
                write, writeID: writeID, reason: .storageFailed(key: write.key, reason: "\(error)"), to: connection)
        }
        lastRevision = entry.revision
        totalBytes = newTotal
        entries[write.key] = write.value == nil ? nil : entry
        if let writeID { lastWriteIDs[writer] = writeID }
        let change = WireMessage.keyValueChanged(KeyValueChanged(entries: [entry]))
        for subscriber in subscribers.values where subscriber !== connection { subscriber.send(change) }
        connection.send(
            .keyValueWritten(
                KeyValueWritten(requestID: write.requestID, key: write.key, writeID: writeID, revision: entry.revision))
        )
    }

    private func reject(
        _ write: KeyValueWrite, writeID: UInt64?, reason: KeyValueStoreError, to connection: ClientConnection
    ) {
        connection.send(
            .keyValueRejected(
                KeyValueRejected(
                    requestID: write.requestID, key: String(write.key.prefix(80)), writeID: writeID, reason: reason,
                    current: entries[write.key])))
    }
}
