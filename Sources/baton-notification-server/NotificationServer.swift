import CSystemdBus
import Foundation
import Notifications
import SystemdBus
import Wire

/// `org.freedesktop.Notifications` at `/org/freedesktop/Notifications` (Desktop Notifications Specification 1.2)
/// over Baton's daemon: `Notify` adds a notification with no trigger and answers once the daemon has (after its
/// commit); the daemon's responses and removals come back as `ActionInvoked` and `NotificationClosed`.
///
/// Everything here runs on the bus thread (`BusLoop`); the daemon's frames are posted to it.
final class NotificationServer: @unchecked Sendable {
    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// The version `GetServerInformation` gives (`baton --version`'s).
    static let version = "0.1.0"
    /// What the server does (`GetCapabilities`): the stack tags as dunst names them (`synchronous` and
    /// `x-canonical-private-synchronous` for the older hint); `body-hyperlinks` as a link's text and address are
    /// shown (`BodyMarkup`). Not `icon-static`: no icon's frame is drawn (a terminal names the icon; an image is
    /// an attachment).
    static let capabilities = [
        "actions", "body", "body-hyperlinks", "body-markup", "persistence", "sound", "synchronous",
        "x-canonical-private-synchronous", "x-dunst-stack-tag",
    ]
    /// Calls waiting for the daemon's answer; past this, `Notify` is refused (`Busy`) rather than queued.
    static let maxWaiting = 256
    /// Calls of one client waiting for the daemon: a client flooding `Notify` is refused (`Busy`) before it
    /// can take every place from the others (`admits`).
    static let maxWaitingPerClient = 64
    /// Notifications whose id the server remembers (the oldest given or replaced are forgotten first).
    static let maxTracked = 4_096
    /// Categories kept per app (one per distinct set of buttons; the oldest go first).
    static let maxCategories = 32

    /// A notification the server handed to the daemon.
    struct Entry {
        var bundleIdentifier: String
        var identifier: String
        var resident: Bool
        /// The keys of the program's actions: `ActionInvoked` names only these (`default` only when it gave one).
        var actionKeys: Set<String>
        /// `CloseNotification` asked for it: its removal is reason 3.
        var closing = false
    }

    /// A call waiting for the daemon's answer.
    enum Waiting {
        case notify(call: OpaquePointer, id: UInt32)
        case close(call: OpaquePointer, id: UInt32)
        case quiet
    }

    let bus: OpaquePointer
    let device: String
    /// The daemon's attachment store (`image-path` files are copied there).
    let attachmentStore: URL
    let send: (NotificationMessage, UInt64) -> Void
    /// Makes identifiers unique across the server's runs (ids start at 1 each time).
    private let runStamp = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)
    var entries = NotificationIDTable<Entry>(capacity: NotificationServer.maxTracked)
    var ids: [String: UInt32] = [:]
    var waiting: [UInt64: Waiting] = [:]
    /// How many `Notify` calls of each client (its unique bus name) wait.
    var waitingByClient: [String: Int] = [:]
    /// The id last given for each program's stack tag (`key(bundle, tag)`).
    private var stackTags: [String: UInt32] = [:]
    private var categories: [String: [NotificationCategory]] = [:]
    private var nextRequest: UInt64 = 2

    init(
        bus: OpaquePointer, device: String, attachmentStore: URL,
        send: @escaping (NotificationMessage, UInt64) -> Void
    ) {
        self.bus = bus
        self.device = device
        self.attachmentStore = attachmentStore
        self.send = send
    }

    static func key(_ bundleIdentifier: String, _ identifier: String) -> String { bundleIdentifier + "\n" + identifier }

    /// Whether a client with `holding` calls waiting gets one more place, `waiting` places being taken: a fair
    /// share, no more than the places still free (and at most `maxWaitingPerClient`). With a fixed 64 per client,
    /// 4 flooders filled all 256 and a victim's `Notify` failed with `Busy` 42 of 51 times beside 6 of them;
    /// now n flooders stop near 256 / (n + 1) each, as many stay free, and a client's first call always gets
    /// one (only some 256 distinct clients calling at once could take them all).
    static func admits(holding: Int, waiting: Int) -> Bool {
        holding < min(maxWaitingPerClient, maxWaiting - waiting)
    }

    /// One method call on the object; returns sd-bus's convention (1 handled, 0 not ours, negative an error set
    /// in `error`).
    func handle(_ message: BusMessage, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let interface = message.interface
        if interface == "org.freedesktop.DBus.Introspectable", message.member == "Introspect" {
            return reply(message) { try $0.append(Introspection.xml) }
        }
        guard interface == Self.name || interface.isEmpty else { return 0 }
        let signatures = ["GetCapabilities": "", "GetServerInformation": "", "CloseNotification": "u"]
        let expected = message.member == "Notify" ? "susssasa{sv}i" : signatures[message.member]
        guard let expected else { return 0 }
        guard sd_bus_message_has_signature(message.pointer, expected) > 0 else {
            return sd_bus_error_set(
                error, "org.freedesktop.DBus.Error.InvalidArgs", "\(message.member) takes (\(expected))")
        }
        switch message.member {
        case "GetCapabilities": return reply(message) { try $0.append(strings: Self.capabilities) }
        case "GetServerInformation":
            return reply(message) {
                for value in ["Baton", "Baton", Self.version, "1.2"] { try $0.append(value) }
            }
        case "CloseNotification": return close(message, error: error)
        default: return notify(message, error: error)
        }
    }

    private func notify(_ message: BusMessage, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let call: NotifyCall
        do {
            call = try NotifyCall(message)
        } catch let failure {
            return sd_bus_error_set(
                error, "org.freedesktop.DBus.Error.InvalidArgs", "Notify: \(failure.description)")
        }
        if call.desktopEntry == "baton" {
            // Baton's own bridge forwarding a delivery to this bus: it is in Baton already. Answered, never added
            // again (a loop otherwise).
            return reply(message) { try $0.append(call.replacesID != 0 ? call.replacesID : UInt32.max) }
        }
        let client = message.sender
        guard Self.admits(holding: waitingByClient[client, default: 0], waiting: waiting.count) else {
            return sd_bus_error_set(
                error, "org.freedesktop.Notifications.Error.Busy",
                "too many notifications are waiting for Baton's daemon; try again")
        }
        waitingByClient[client, default: 0] += 1
        let bundle = FreedesktopMapping.bundleIdentifier(call)
        let owner = NotificationOwner(bundleIdentifier: bundle, device: device)
        let category = FreedesktopMapping.category(call)
        if let category, !(categories[bundle] ?? []).contains(category) {
            var kept = (categories[bundle] ?? []).filter { $0.identifier != category.identifier } + [category]
            kept.removeFirst(max(0, kept.count - Self.maxCategories))
            categories[bundle] = kept
            request(.setCategories(CategoriesUpdate(owner: owner, categories: kept)), waiting: .quiet)
        }
        let id = call.replacesID != 0 ? call.replacesID : entries.allocate()
        var identifier =
            entries[id].flatMap { $0.bundleIdentifier == bundle ? $0.identifier : nil } ?? "fdo-\(runStamp)-\(id)"
        if let stacked = stacking(call, bundle: bundle, id: id) { identifier = stacked }
        track(
            id,
            Entry(
                bundleIdentifier: bundle, identifier: identifier, resident: call.resident,
                actionKeys: Set(call.actions.map(\.key))))
        var content = FreedesktopMapping.content(call, category: category)
        if let image = FreedesktopMapping.attachment(call, store: attachmentStore) { content.attachments = [image] }
        let add = AddNotification(
            owner: owner, request: NotificationRequest(identifier: identifier, content: content, trigger: nil),
            requester: device, everyMachine: true)
        request(.add(add), waiting: .notify(call: sd_bus_message_ref(message.pointer), id: id))
        return 1
    }

    private func close(_ message: BusMessage, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        guard let id = try? message.uint32(), var entry = entries[id] else {
            return reply(message) { _ in }  // Unknown or already closed: nothing to do.
        }
        entry.closing = true
        entries[id] = entry
        let filter = NotificationFilter(
            bundleIdentifier: entry.bundleIdentifier, device: device, identifiers: [entry.identifier])
        request(.removeDelivered(filter), waiting: .close(call: sd_bus_message_ref(message.pointer), id: id))
        return 1
    }

    private func request(_ message: NotificationMessage, waiting state: Waiting) {
        let requestID = nextRequest
        nextRequest += 1
        waiting[requestID] = state
        send(message, requestID)
    }

    /// For a call with a stack tag (and no `replaces_id`), as dunst does: the program's notification shown with
    /// the same tag is closed (`NotificationClosed` reason 1) and the new one takes its place, its identifier (so
    /// the banner and the F4 row are replaced, not stacked); nil when there is none. `id` is remembered for the tag.
    private func stacking(_ call: NotifyCall, bundle: String, id: UInt32) -> String? {
        guard let tag = call.stackTag, !tag.isEmpty else { return nil }
        let key = Self.key(bundle, tag)
        let previous = stackTags[key]
        stackTags[key] = id
        if stackTags.count > Self.maxTracked { stackTags = stackTags.filter { entries[$0.value] != nil } }
        guard call.replacesID == 0, let previous, previous != id, let old = entries[previous],
            old.bundleIdentifier == bundle
        else { return nil }
        closed(previous, reason: 1)
        return old.identifier
    }

    private func track(_ id: UInt32, _ entry: Entry) {
        if let old = entries[id] { ids[Self.key(old.bundleIdentifier, old.identifier)] = nil }
        ids[Self.key(entry.bundleIdentifier, entry.identifier)] = id
        for forgotten in entries.insert(entry, for: id) {
            ids[Self.key(forgotten.entry.bundleIdentifier, forgotten.entry.identifier)] = nil
        }
    }

    func forget(_ id: UInt32) {
        guard let entry = entries.remove(id) else { return }
        ids[Self.key(entry.bundleIdentifier, entry.identifier)] = nil
    }

    // MARK: Replies and signals

    /// Replies to `message` with what `fill` appends; 1, or sd-bus's error.
    func reply(_ message: BusMessage, _ fill: (BusMessage) throws -> Void) -> Int32 {
        var answer: OpaquePointer?
        var result = sd_bus_message_new_method_return(message.pointer, &answer)
        guard result >= 0, let answer else { return result }
        defer { sd_bus_message_unref(answer) }
        do {
            try fill(BusMessage(pointer: answer))
        } catch {
            return (error as? BusMessage.BusFailure)?.code ?? -EINVAL
        }
        result = sd_bus_send(bus, answer, nil)
        return result < 0 ? result : 1
    }

    /// A waiting `Notify` call was answered: its client's place is free, its message released.
    func settle(_ call: OpaquePointer) {
        let client = BusMessage(pointer: call).sender
        let count = waitingByClient[client, default: 1] - 1
        waitingByClient[client] = count > 0 ? count : nil
        sd_bus_message_unref(call)
    }

    /// Answers a waiting call with a D-Bus error.
    func fail(_ call: OpaquePointer, name: String, _ text: String) {
        var error = sd_bus_error()
        _ = sd_bus_error_set(&error, name, text)
        _ = sd_bus_reply_method_error(call, &error)
        sd_bus_error_free(&error)
    }

    /// Emits `member` (`NotificationClosed` or `ActionInvoked`) with `id` and `fill`'s arguments.
    func emit(_ member: String, id: UInt32, _ fill: (BusMessage) throws -> Void) {
        var signal: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &signal, Self.path, Self.name, member) >= 0, let signal else { return }
        defer { sd_bus_message_unref(signal) }
        let message = BusMessage(pointer: signal)
        do {
            try message.append(id)
            try fill(message)
        } catch {
            return
        }
        _ = sd_bus_send(bus, signal, nil)
    }
}
