import Foundation
import Logging
import NIOCore
import Wire

/// The account's key-value store (NSUbiquitousKeyValueStore's server side). Serves the `keyValue` family.
///
/// Conflict rule: per key, the last write to *arrive* at the daemon wins. Each accepted write gets the next
/// revision of one counter; clients order what they hear by revision, never by their clocks. A write is
/// committed to SQLite before anyone hears of it (durable before visible); then every other subscribed
/// connection gets the new value, and the writer its acknowledgement. The limits are checked here again,
/// authoritatively. Registration is not required, so the CLI can read and write with one short connection.
///
/// The commit runs on GRDB's writer, off the event loop, which keeps serving every other family meanwhile.
/// Key-value messages that arrive during a commit wait their turn in arrival order, so each write is judged
/// against the committed store and every reply goes out in the order its request came.
final class KeyValueService: DaemonService {
    let families: Set<MessageFamily> = [.keyValue]
    var requiresRegistration: Bool { false }

    private let table: KeyValueTable
    private let eventLoop: any EventLoop
    private let logger: Logger
    private let now: () -> Date
    private let storeID: String
    private var lastRevision: Int64
    private var entries: [String: KeyValueEntry]
    /// The newest removals (`KeyValueTable.keptRemovals`), for a fetch that asks for them (the account link).
    private var removed: [String: KeyValueEntry]
    private var lastWriteIDs: [String: UInt64]
    private var totalBytes: Int
    /// Each stored key's quota size (`KeyValueLimits.size`), kept so a write measures only its new value.
    private var sizes: [String: Int]
    /// Connections that asked for pushes, by connection id.
    private var subscribers: [Int: ClientConnection] = [:]
    /// Key-value messages that arrived while a commit was in progress, oldest first.
    private var waiting: [(message: WireMessage, connection: ClientConnection)] = []
    /// Whether a write is being committed; nothing else of this family is handled until it is.
    private var committing = false
    /// Connections whose reading stopped because too many of the messages waiting are theirs.
    private var paused: [Int: ClientConnection] = [:]

    /// The waiting messages past which the sender's socket is no longer read until the queue drains, so a
    /// client that pipelines writes faster than the disk commits them cannot make the daemon hold ever more.
    static let maxWaiting = 256

    /// The longest writer name an unregistered connection may give.
    static let maxWriterCharacters = 128

    /// The writer name of a connection that registered no device and named none.
    static let anonymousWriter = "cli"

    init(store: AccountStore, eventLoop: any EventLoop, logger: Logger, now: @escaping () -> Date) throws {
        table = KeyValueTable(pool: store.pool, writes: store.writes)
        let contents = try table.load()
        self.eventLoop = eventLoop
        self.logger = logger
        self.now = now
        storeID = contents.storeID
        lastRevision = contents.lastRevision
        entries = contents.entries
        removed = contents.removed
        lastWriteIDs = contents.lastWriteIDs
        sizes = contents.entries.compactMapValues { entry in
            entry.value.map { KeyValueLimits.size(key: entry.key, value: $0) }
        }
        totalBytes = sizes.values.reduce(0, +)
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        waiting.append((message, connection))
        if waiting.count > Self.maxWaiting, paused[connection.id] == nil {
            paused[connection.id] = connection
            connection.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        }
        handleWaiting()
    }

    func connectionClosed(_ connection: ClientConnection) {
        subscribers[connection.id] = nil
        paused[connection.id] = nil
        // Its writes are still applied (a resend after a reconnect is then a duplicate); its fetches have
        // nobody left to answer.
        waiting.removeAll { item in
            guard item.connection === connection, case .keyValueFetch = item.message else { return false }
            return true
        }
    }

    /// Handles the waiting messages in order until one starts a commit or none is left.
    private func handleWaiting() {
        while !committing, !waiting.isEmpty {
            let (message, connection) = waiting.removeFirst()
            handle(message, from: connection)
        }
        if waiting.isEmpty, !paused.isEmpty {
            for connection in paused.values {
                connection.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            }
            paused = [:]
        }
    }

    private func handle(_ message: WireMessage, from connection: ClientConnection) {
        switch message {
        case .keyValueWrite(let write): apply(write, from: connection)
        case .keyValueFetch(let fetch):
            if fetch.subscribe { subscribers[connection.id] = connection }
            // In pieces: a full store with its revisions, times and writers is larger than one frame.
            let listed = fetch.removals == true ? entries.merging(removed) { kept, _ in kept } : entries
            let pieces = KeyValueSnapshot.pieces(
                requestID: fetch.requestID, storeID: storeID, revision: lastRevision,
                entries: listed.values.sorted { $0.key < $1.key })
            for piece in pieces { connection.send(.keyValueSnapshot(piece)) }
        default:
            connection.fail(nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
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
        // Only the link's own connection (granted, `LinkService`) makes a conditional write or a write of the link.
        let viaLink = connection.isLink && write.asThisMachine != true
        if viaLink, let heard = write.unlessNewerThan, let current = entries[write.key] ?? removed[write.key],
            current.revision > heard, !current.isViaLink
        {
            // A device's write the link has not heard yet stays; the link sends it once it hears it.
            connection.send(
                .keyValueWritten(
                    KeyValueWritten(requestID: write.requestID, key: write.key, writeID: writeID, revision: nil)))
            return
        }
        let previous = entries[write.key]
        // The value is encoded once: its size for the quota and its text in the database.
        let valueJSON = write.value.flatMap { try? JSONEncoder().encode($0) }
        let size =
            valueJSON.map { KeyValueLimits.size(key: write.key, valueJSON: $0) }
            ?? write.value.map { KeyValueLimits.size(key: write.key, value: $0) } ?? 0
        let previousSize = previous?.value.map { sizes[write.key] ?? KeyValueLimits.size(key: write.key, value: $0) }
        let newTotal: Int
        do {
            newTotal = try KeyValueLimits.admit(
                key: write.key, value: write.value, size: size, previousSize: previousSize, count: entries.count,
                total: totalBytes)
        } catch {
            logger.info("key-value write refused", metadata: ["writer": "\(writer)", "reason": "\(error)"])
            return reject(write, writeID: writeID, reason: error, to: connection)
        }
        let entry = KeyValueEntry(
            key: write.key, value: write.value, revision: lastRevision + 1, modified: now(), writer: writer,
            viaLink: viaLink ? true : nil)
        committing = true
        let accepted = AcceptedWrite(write: write, writeID: writeID, entry: entry, size: size, newTotal: newTotal)
        let bound = NIOLoopBound((self, connection), eventLoop: eventLoop)
        let eventLoop = eventLoop
        table.commit(entry, valueJSON: valueJSON, writeID: writeID) { result in
            eventLoop.execute {
                let (service, connection) = bound.value
                service.finish(accepted, result: result, from: connection)
            }
        }
    }

    /// A write admitted and being committed.
    private struct AcceptedWrite: Sendable {
        var write: KeyValueWrite
        var writeID: UInt64?
        var entry: KeyValueEntry
        /// The value's quota size (not read for a removal).
        var size: Int
        var newTotal: Int
    }

    /// Back on the loop after the commit: makes the write visible (or refuses it), then goes on with what waits.
    private func finish(_ accepted: AcceptedWrite, result: Result<Void, any Error>, from connection: ClientConnection) {
        committing = false
        defer { handleWaiting() }
        let (write, writeID, entry) = (accepted.write, accepted.writeID, accepted.entry)
        if case .failure(let error) = result {
            logger.error("key-value write failed", metadata: ["key": "\(write.key)", "error": "\(error)"])
            return reject(
                write, writeID: writeID, reason: .storageFailed(key: write.key, reason: "\(error)"), to: connection)
        }
        lastRevision = entry.revision
        totalBytes = accepted.newTotal
        entries[write.key] = write.value == nil ? nil : entry
        sizes[write.key] = write.value == nil ? nil : accepted.size
        removed[write.key] = write.value == nil ? entry : nil
        if removed.count > KeyValueTable.keptRemovals,
            let oldest = removed.values.min(by: { $0.revision < $1.revision })
        {
            removed[oldest.key] = nil
        }
        if let writeID { lastWriteIDs[entry.writer] = writeID }
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
