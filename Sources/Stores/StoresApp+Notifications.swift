import Cartography
import Foundation
import Notifications
import TerminalUI
import UserNotifications

/// Stores' notifications: "Notify me near this store" (`n` in the details) schedules a location trigger
/// (entering 1 km around the store); `baton location set` into the region fires it; its Open shows the
/// store's details.
extension StoresApp: NotificationDelegate {
    /// How close counts as near.
    static let nearRadius = 1000.0

    public var notificationBundleIdentifier: String? { bundleIdentifier }
    public var notificationCategories: Set<NotificationCategory> {
        [NotificationCategory(identifier: "store", actions: [])]
    }
    public var authorizationOptions: AuthorizationOptions? { [.alert, .sound] }
    public func willPresent(_ notification: DeliveredNotification) -> PresentationOptions? { nil }

    /// The identifier of the "notify me near" request for `store` (a second one replaces the first).
    static func nearIdentifier(_ store: StoreRecord) -> String { "near:\(store.id)" }

    func notifyNear(_ store: StoreRecord, context: SuiteContext) {
        guard let bundle = bundleIdentifier else {
            context.showBanner("Stores cannot notify: its Info.plist was not found", kind: .warning)
            return
        }
        let region = Region(
            identifier: store.id, latitude: store.coordinate.latitude, longitude: store.coordinate.longitude,
            radius: Self.nearRadius, notifyOnEntry: true, notifyOnExit: false)
        let content = NotificationContent(
            title: "Near \(store.name)",
            body: [store.address, store.city].filter { !$0.isEmpty }.joined(separator: ", "),
            sound: .default, categoryIdentifier: "store", threadIdentifier: "nearby",
            userInfo: ["store": .string(store.url)])
        let request = NotificationRequest(
            identifier: Self.nearIdentifier(store), content: content, trigger: .location(region, repeats: false))
        context.post(NotificationRequestPost(bundleIdentifier: bundle, request: request), to: .app("Notifications"))
    }

    /// Open (the default action) shows the store's details.
    func receiveNotification(_ delivery: NotificationDelivery, context: SuiteContext) -> Bool {
        guard delivery.bundleIdentifier == bundleIdentifier, case .didReceive(let response) = delivery.event else {
            return false
        }
        guard response.actionIdentifier == NotificationResponse.defaultActionIdentifier,
            case .string(let url) = response.notification.request.content.userInfo["store"]
        else { return true }
        guard let store = state.store(url: url) else {
            context.showBanner("That store is no longer in Stores' data", kind: .warning)
            return true
        }
        show(store, context: context)
        return true
    }
}
