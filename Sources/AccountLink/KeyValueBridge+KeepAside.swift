import Foundation
import Wire

/// A home that was in another account joins this one: its old keys are not sent (they would land in an account
/// they do not belong to) but kept aside in `account-kept-aside.json` and removed from the live store, which then
/// takes this account's state; the keys the user brought (`join --bring KEYS…`, `--bring-all`) are written again
/// as this machine's, so they are sent.
extension KeyValueBridge {
    func keepAside(bringing bring: LinkCursor.Bring) {
        var aside: [String: PropertyListValue] = [:]
        for entry in local.values {
            guard let value = entry.value else { continue }
            let brought: Bool =
                switch bring {
                case .all: true
                case .keys(let keys): keys.contains(entry.key)
                }
            if brought {
                write(KeyValueEntry(key: entry.key, value: value, revision: 0, modified: Date(), writer: "brought"))
            } else {
                aside[entry.key] = value
                write(entry.key, nil, from: record.machine)
                local[entry.key] = KeyValueEntry(
                    key: entry.key, value: nil, revision: entry.revision, modified: Date(),
                    writer: Self.remoteWriterPrefix + record.machine)
            }
        }
        if !aside.isEmpty {
            try? LinkFiles.writeJSON(aside, to: files.keptAside)
            logger.notice(
                "keys of another account kept aside, not sent",
                metadata: ["keys": "\(aside.count)", "file": "\(files.keptAside.path)"])
        }
        let highest = local.values.map(\.revision).max() ?? 0
        try? advance {
            $0.pushedRevision = max($0.pushedRevision, highest)
            $0.keepAside = nil
        }
    }
}

extension LinkFiles {
    /// The keys a home kept from another account when it joined this one (`KeyValueBridge.keepAside`).
    public var keptAside: URL { paths.stateDirectory.appendingPathComponent("account-kept-aside.json") }
}
