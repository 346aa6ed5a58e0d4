import Foundation
import Wire

/// The notification center's bounds on what clients may make the daemon keep (the daemon's README,
/// "Bounds"): content sizes, categories, pushes waiting for an absent device, the devices remembered, and the
/// size of one frame of a long answer. Whatever local clients send, what they can make it hold stays bounded.
struct NotificationLimits: Sendable {
    /// The largest content of a request or push, as the daemon stores it (encoded JSON of title, subtitle,
    /// body, userInfo, the attachments list, thread, category, sound…).
    var maxContentBytes = 8 * 1024
    /// The most categories one app registers on one device.
    var maxCategories = 64
    /// The most actions one category shows.
    var maxActionsPerCategory = 10
    /// The most bytes of one app's categories on one device (encoded JSON).
    var maxCategoriesBytes = 32 * 1024
    /// The categories of all apps on all devices together (`ContentCheck.weight`); past it 4622.
    var maxCategoriesTotalBytes = 2 << 20
    /// The longest identifier, title or placeholder of a category or action, in UTF-8 bytes.
    var maxCategoryTextBytes = 256
    /// The content (`ContentCheck.weight`) of all pending requests together; an add past it is refused.
    var maxPendingContentBytes = 4 << 20
    /// The content of all delivered notifications kept together; past it the oldest are dropped.
    var maxDeliveredContentBytes = 4 << 20
    /// An app's delivered notifications kept on a device, newest first (Notification Center keeps about as many).
    var maxDeliveredPerOwner = 100
    /// Pushes kept for one absent device (all apps together); past it the oldest is dropped and reported.
    var maxWaitingPerDevice = 32
    /// The most devices remembered; past it the least recently seen device that is not here is forgotten
    /// when one registers. Adds under device names nobody registered are bounded by the content budgets,
    /// which weigh each request's device name and row (issue 36).
    var maxDevices = 64
    /// The most apps remembered (all devices together); past it an add for an app not yet known is refused
    /// (4622, exit 75), while known apps keep working. 1 024: far above the apps of 64 devices in use.
    var maxApps = 1024
    /// A device that has not been connected for this long is forgotten, with the pushes waiting for it.
    var deviceExpiry: TimeInterval = 30 * 86_400
    /// How often the daemon looks for devices to forget (besides at start and at each registration).
    var deviceSweepInterval: TimeInterval = 3600

    /// The most encoded items one frame of a `pendingList` or `deliveredList` answer carries (a quarter of
    /// a frame; a longer answer is sent in pieces).
    static let pieceBudget = WireLimits.maxFrameBytes / 4

    /// The defaults, or `BATON_NOTIFICATION_LIMITS` (for tests), e.g.
    /// `content-bytes=4096,categories=8,actions=4,pushes-per-device=10,devices=20,apps=50,device-expiry-s=2`.
    static func fromEnvironment(_ environment: [String: String]) -> NotificationLimits {
        var limits = NotificationLimits()
        guard let text = environment["BATON_NOTIFICATION_LIMITS"] else { return limits }
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value > 0 else { continue }
            let count = Int(value)
            switch parts[0] {
            case "content-bytes": limits.maxContentBytes = count
            case "categories": limits.maxCategories = count
            case "actions": limits.maxActionsPerCategory = count
            case "categories-bytes": limits.maxCategoriesBytes = count
            case "all-categories-bytes": limits.maxCategoriesTotalBytes = count
            case "category-text-bytes": limits.maxCategoryTextBytes = count
            case "pushes-per-device": limits.maxWaitingPerDevice = count
            case "devices": limits.maxDevices = count
            case "apps": limits.maxApps = count
            case "pending-bytes": limits.maxPendingContentBytes = count
            case "delivered-bytes": limits.maxDeliveredContentBytes = count
            case "delivered-per-owner": limits.maxDeliveredPerOwner = count
            case "device-expiry-s": limits.deviceExpiry = value
            case "device-sweep-s": limits.deviceSweepInterval = value
            default: continue
            }
        }
        return limits
    }
}
