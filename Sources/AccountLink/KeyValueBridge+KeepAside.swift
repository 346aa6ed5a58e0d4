import Foundation
import Wire

/// A home that was in another account joins this one: its old keys are not sent (they would land in an account
/// they do not belong to) but kept aside in `account-kept-aside.json` and removed from the live store, which then
/// takes this account's state; the keys the user brought (`join --bring KEYS…`, `--bring-all`) are written again
/// as this machine's, so they are sent. Only keys held at the join count (`KeepAsidePlan`): one a device wrote
/// after it, before the link had started, is sent as any other.
extension KeyValueBridge {
    func keepAside(bringing bring: LinkCursor.Bring) {
        let plan = KeepAsidePlan(entries: local.values, bring: bring, joinRevision: cursor.keepAsideThrough)
        for entry in plan.brought {
            write(KeyValueEntry(key: entry.key, value: entry.value, revision: 0, modified: Date(), writer: "brought"))
        }
        for name in plan.aside.keys {
            write(name, nil, from: record.machine)
            local[name] = KeyValueEntry(
                key: name, value: nil, revision: local[name]?.revision ?? 0, modified: Date(),
                writer: Self.remoteWriterPrefix + record.machine)
        }
        if !plan.aside.isEmpty {
            try? LinkFiles.writeJSON(plan.aside, to: files.keptAside)
            logger.notice(
                "keys of another account kept aside, not sent",
                metadata: ["keys": "\(plan.aside.count)", "file": "\(files.keptAside.path)"])
        }
        try? advance {
            $0.pushedRevision = max($0.pushedRevision, plan.sentThrough)
            $0.keepAside = nil
            $0.keepAsideThrough = nil
        }
    }
}

extension LinkFiles {
    /// The keys a home kept from another account when it joined this one (`KeyValueBridge.keepAside`).
    public var keptAside: URL { paths.stateDirectory.appendingPathComponent("account-kept-aside.json") }
}
