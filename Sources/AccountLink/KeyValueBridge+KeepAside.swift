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
        // The file first: a key is removed from the live store only once it is kept (added to the moves before it).
        var keptAside = plan.aside.isEmpty
        if !plan.aside.isEmpty {
            do {
                try KeptAsideFile(url: files.keptAside).add(plan.aside, at: Date())
                keptAside = true
                logger.notice(
                    "keys of another account kept aside, not sent",
                    metadata: ["keys": "\(plan.aside.count)", "file": "\(files.keptAside.path)"])
            } catch {
                logger.error(
                    "keys of another account not kept aside: left in the live store, not sent",
                    metadata: ["keys": "\(plan.aside.count)", "error": "\(error)"])
            }
        }
        for entry in plan.brought {
            write(
                KeyValueEntry(key: entry.key, value: entry.value, revision: 0, modified: Date(), writer: "brought"),
                asThisMachine: true)
        }
        for name in plan.aside.keys where keptAside {
            write(name, nil, from: record.machine)
            local[name] = Self.fromServer(name, nil, machine: record.machine, revision: local[name]?.revision ?? 0)
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
