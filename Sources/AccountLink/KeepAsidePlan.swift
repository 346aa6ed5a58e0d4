import Foundation
import Wire

/// What a home that was in another account does with its store when its link first reads it after the join
/// (`KeyValueBridge.keepAside`): the keys it held at the join are the other account's, kept aside unless brought;
/// a key written after the join (a device that wrote before the link had started) is this account's already.
struct KeepAsidePlan: Equatable {
    /// The other account's keys and values, kept aside in `account-kept-aside.json` and removed from the live store.
    var aside: [String: PropertyListValue] = [:]
    /// The other account's keys the user brought: written again as this machine's, so they are sent.
    var brought: [KeyValueEntry] = []
    /// The store's revision through which nothing is sent as it is (the join's; without it, the newest the link
    /// read): later writes are sent as usual.
    var sentThrough: Int64 = 0

    /// Plans for `entries` (the store as the link first read it, removals included), with the keys `bring` names
    /// brought, for a join made at store revision `joinRevision` (nil: every entry counts as held at the join).
    init(entries: some Collection<KeyValueEntry>, bring: LinkCursor.Bring, joinRevision: Int64?) {
        let newest = entries.map(\.revision).max() ?? 0
        sentThrough = joinRevision.map { min($0, newest) } ?? newest
        for entry in entries where entry.revision <= sentThrough {
            guard let value = entry.value else { continue }
            let isBrought: Bool =
                switch bring {
                case .all: true
                case .keys(let keys): keys.contains(entry.key)
                }
            if isBrought {
                brought.append(entry)
            } else {
                aside[entry.key] = value
            }
        }
        brought.sort { $0.key < $1.key }
    }
}
