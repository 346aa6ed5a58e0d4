import Foundation

/// How far this machine's link has read `baton.pushes` (the server's change number), kept in the state
/// directory; set at `create` and `join` (`startPushes`), nil only for a home linked before that was (its link then
/// starts at the server's newest row when it first gets through).
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

extension LinkFiles {
    /// Sets the push cursor a link starts from at `create` and `join` (before the link file: a link started as soon as
    /// that appears must find it): the pushes after `seq` are this machine's, those before are history.
    func startPushes(after seq: Int64) throws(AccountLinkError) {
        try? FileManager.default.removeItem(at: pushCursor)
        var cursor = PushCursor(url: pushCursor)
        try cursor.advance(to: seq)
    }
}
