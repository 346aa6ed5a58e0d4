import Foundation
import Notifications

/// The pushes this machine's link has taken for other machines and not written to the server yet, kept 0600 in
/// the state directory (`account-link-outbox.json`, fsynced) so a push made while the server is away survives a
/// restart and is sent when the server is back, in the order it was made.
struct PushOutbox {
    /// One push waiting for the server; `id` is its row's identity there (a repeated write is a no-op).
    struct Item: Codable, Sendable, Equatable {
        var id: String
        var request: PushRelayRequest
    }

    let url: URL
    private(set) var items: [Item]

    /// The outbox at `url` (empty when the file is missing or unreadable: a damaged file is moved aside).
    init(url: URL) {
        self.url = url
        guard let data = FileManager.default.contents(atPath: url.path) else {
            items = []
            return
        }
        if let decoded = try? JSONDecoder().decode([Item].self, from: data) {
            items = decoded
        } else {
            try? FileManager.default.moveItem(atPath: url.path, toPath: url.path + ".damaged")
            items = []
        }
    }

    mutating func append(_ item: Item) throws(AccountLinkError) {
        items.append(item)
        try save()
    }

    mutating func remove(_ id: String) throws(AccountLinkError) {
        guard items.contains(where: { $0.id == id }) else { return }
        items.removeAll { $0.id == id }
        try save()
    }

    private func save() throws(AccountLinkError) { try LinkFiles.writeJSON(items, to: url) }
}

extension LinkFiles {
    /// How many pushes for other machines wait here for the server: the link's outbox and the daemon's held pushes
    /// (`account status`).
    var queuedPushes: Int {
        [pushOutbox, relayHeld].reduce(0) { count, url in
            let items = FileManager.default.contents(atPath: url.path).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [Any]
            }
            return count + (items?.count ?? 0)
        }
    }
}
