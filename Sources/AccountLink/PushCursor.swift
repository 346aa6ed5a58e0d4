import Foundation

/// How far this machine's link has read `baton.pushes` (the server's change number), kept in the state
/// directory; nil until the link first met the server (then it starts at the newest row: no history).
struct PushCursor {
    let url: URL
    private(set) var seq: Int64?

    init(url: URL) {
        self.url = url
        seq = FileManager.default.contents(atPath: url.path).flatMap {
            try? JSONDecoder().decode([String: Int64].self, from: $0)["seq"]
        }
    }

    /// Moves on to `value` (never back) and saves it. Saved without fsync: a cursor lost in a crash means a
    /// push read again, delivered under the same identifier, so a device still holds it once.
    mutating func advance(to value: Int64) throws(AccountLinkError) {
        guard seq.map({ value > $0 }) ?? true else { return }
        seq = value
        try LinkFiles.writeJSON(["seq": value], to: url, durable: false)
    }
}
