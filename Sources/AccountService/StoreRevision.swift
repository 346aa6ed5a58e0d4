import BatonEnvironment
import Foundation
import GRDB

/// The key-value store's revision as `account.sqlite` holds it, read without a daemon (`baton account join` when
/// none runs): what a home from another account holds at the join is what it keeps aside.
public enum StoreRevision {
    /// The revision in `paths.database`; 0 when there is no store yet; nil when it cannot be read (then the join
    /// falls back to what the link first reads).
    public static func onDisk(_ paths: BatonPaths) -> Int64? {
        guard FileManager.default.fileExists(atPath: paths.database.path) else { return 0 }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: paths.database.path, configuration: configuration)
            return try queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT lastRevision FROM kvState WHERE id = 1")
            } ?? 0
        } catch {
            return nil
        }
    }
}
