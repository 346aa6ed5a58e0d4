import BatonEnvironment
import Foundation
import Notifications

/// The content budgets (`NotificationLimits.maxPendingContentBytes`, `maxDeliveredContentBytes`): however many
/// apps and devices, the content of pending requests and of delivered notifications the daemon holds stays
/// under a bound. Each running total is an upper estimate (it grows with each addition and is recomputed from
/// what is held only when it would pass its bound), so the common case costs nothing.
extension NotificationService {
    /// Whether a pending request of `weight` (`ContentCheck.weight`) fits the pending budget; counts it when
    /// it does.
    func admitsPending(_ weight: Int) -> Bool {
        if pendingContentBytes + weight > limits.maxPendingContentBytes {
            pendingContentBytes = scheduler.books.reduce(0) { total, entry in
                entry.value.values.reduce(total) { $0 + ContentCheck.weight(of: $1.request, owner: entry.key) }
            }
        }
        guard pendingContentBytes + weight <= limits.maxPendingContentBytes else { return false }
        pendingContentBytes += weight
        return true
    }

    /// Why `update` is refused: over a category limit (4620), or past the categories of all apps together
    /// (4622); nil when it is kept.
    func refusal(of update: CategoriesUpdate) -> (code: Int, reason: String)? {
        if let problem = ContentCheck.problem(with: update.categories, limits: limits) {
            return (NotificationFailure.invalid, problem)
        }
        let others = categoriesWeight - ContentCheck.weight(of: apps[update.owner]?.categories ?? [])
        guard others + ContentCheck.weight(of: update.categories) > limits.maxCategoriesTotalBytes else { return nil }
        return (
            NotificationFailure.capacity,
            "the daemon keeps at most \(limits.maxCategoriesTotalBytes) bytes of categories for all apps and devices "
                + "together: these would not be kept"
        )
    }

    /// Keeps `row` as `owner`'s app row (in memory), and `categoriesWeight` with it.
    func setApp(_ owner: NotificationOwner, _ row: NotificationTable.AppRow) {
        let before = apps.updateValue(row, forKey: owner)
        categoriesWeight +=
            ContentCheck.weight(of: row.categories) - ContentCheck.weight(of: before?.categories ?? [])
    }

    /// Drops the app rows whose owner `matches` (in memory), and their categories' weight.
    func dropApps(where matches: (NotificationOwner) -> Bool) {
        for owner in apps.keys where matches(owner) {
            if let row = apps.removeValue(forKey: owner) {
                categoriesWeight -= ContentCheck.weight(of: row.categories)
            }
        }
    }

    /// Once the delivered content is over its budget, drops the oldest delivered notifications (of any app
    /// and device) until it is down to nine tenths of it; returns the identifiers dropped, by owner, for the
    /// fire's transaction.
    func trimDelivered() -> [(NotificationOwner, [String])] {
        guard deliveredContentBytes > limits.maxDeliveredContentBytes else { return [] }
        deliveredContentBytes = delivered.reduce(0) { total, entry in
            entry.value.reduce(total) { $0 + ContentCheck.weight(of: $1.request, owner: entry.key) }
        }
        // Oldest first across owners (each owner's list is oldest first, so what leaves is a prefix of it),
        // down to nine tenths, so the next recount waits for a tenth of the budget to come in again.
        let oldestFirst = delivered.flatMap { owner, list in list.map { (owner: owner, notification: $0) } }
            .sorted { ($0.notification.sequence ?? 0) < ($1.notification.sequence ?? 0) }
        var dropped: [NotificationOwner: [String]] = [:]
        for (owner, oldest) in oldestFirst {
            guard deliveredContentBytes > limits.maxDeliveredContentBytes / 10 * 9 else { break }
            deliveredContentBytes -= ContentCheck.weight(of: oldest.request, owner: owner)
            dropped[owner, default: []].append(oldest.request.identifier)
        }
        for (owner, identifiers) in dropped {
            let rest = (delivered[owner] ?? []).dropFirst(identifiers.count)
            delivered[owner] = rest.isEmpty ? nil : Array(rest)
            unsent[owner]?.subtract(identifiers)
            if unsent[owner]?.isEmpty == true { unsent[owner] = nil }
        }
        if !dropped.isEmpty {
            logger.info(
                "oldest delivered notifications dropped: over the delivered content budget",
                metadata: ["count": "\(dropped.values.reduce(0) { $0 + $1.count })"])
        }
        return dropped.map { ($0.key, $0.value) }
    }
}
