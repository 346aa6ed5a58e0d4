import BatonEnvironment
import Foundation
import Notifications
import SuiteShell
import TerminalUI
import UserNotifications

/// The suite's connection to the daemon's notification service, off the UI thread: connects (retrying
/// while the daemon starts or restarts), registers the apps' categories and asks for their permission,
/// reads what is delivered and pending, then follows this device. Everything reaches the UI as a
/// `SuiteNotificationMessage` through the port.
struct NotificationLink: Sendable {
    let device: String
    let paths: BatonPaths
    let port: MessagePort
    /// The apps of the suite: bundle identifier → the categories they register.
    let apps: [String: [NotificationCategory]]
    /// Where the link's messages go: the Notifications destination.
    private var inbox: Addressee { .app(NotificationsApp.appName) }
    /// How long to wait before connecting again.
    var retryDelay: Duration = .milliseconds(500)

    /// Runs until the task is cancelled. Across reconnects it keeps the delivery sequences it has seen, so a
    /// delivery reaches the UI once: not again from a replay after the daemon restarted, nor both in a
    /// snapshot and as an announcement.
    func run() async {
        var seen = DeliverySequenceFilter()
        while !Task.isCancelled {
            do {
                let center = try await UserNotificationCenter.connectSuite(device: device, paths: paths)
                let snapshot = try await prepare(center)
                seen.remember(snapshot.delivered)
                port.post(SuiteNotificationMessage.linked(center, snapshot), to: inbox)
                for await event in center.events {
                    if case .willPresent(let notification) = event, !seen.firstTime(notification) { continue }
                    await forward(event, center: center)
                }
                port.post(SuiteNotificationMessage.unlinked("the daemon closed the connection"), to: inbox)
            } catch {
                port.post(SuiteNotificationMessage.unlinked("\(error)"), to: inbox)
            }
            try? await Task.sleep(for: retryDelay)
        }
    }

    private func owner(_ bundle: String) -> NotificationOwner {
        NotificationOwner(bundleIdentifier: bundle, device: device)
    }

    private func prepare(_ center: UserNotificationCenter) async throws(NotificationCenterError)
        -> SuiteNotificationSnapshot
    {
        for (bundle, categories) in apps.sorted(by: { $0.key < $1.key }) {
            _ = try await center.ask(.setCategories(CategoriesUpdate(owner: owner(bundle), categories: categories)))
        }
        // Each app registers for remote notifications at start (its token shows in About); one refused does
        // not keep the others from theirs.
        var tokens: [String: String] = [:]
        for bundle in apps.keys.sorted() {
            if case .deviceToken(let token) = try? await center.ask(.registerForRemoteNotifications(owner(bundle))) {
                tokens[bundle] = token.token
            }
        }
        if !tokens.isEmpty { port.post(DeviceTokensNotice(tokens: tokens), to: .shell) }
        guard
            case .deliveredList(let delivered) = try await center.ask(
                .deliveredQuery(NotificationFilter(device: device))),
            case .pendingList(let pending) = try await center.ask(.pendingQuery(NotificationFilter(device: device)))
        else { throw .unexpected }
        var snapshot = SuiteNotificationSnapshot(delivered: delivered, pending: pending, settings: [:], categories: [:])
        let bundles = Set(apps.keys).union(delivered.map(\.owner.bundleIdentifier))
        for bundle in bundles {
            let (settings, categories) = try await describe(bundle, center: center)
            snapshot.settings[bundle] = settings
            snapshot.categories[bundle] = categories
        }
        // Every freedesktop program with settings here, for F4's Settings (even with nothing delivered); a daemon
        // that does not answer it lists none, and the link still connects.
        let apps = try? await center.ask(.appsQuery(NotificationFilter(device: device)))
        guard case .appsList(let list)? = apps else { return snapshot }
        for entry in list where FreedesktopProgram.isProgram(entry.owner.bundleIdentifier) {
            let bundle = entry.owner.bundleIdentifier
            snapshot.settings[bundle] = entry.settings
            snapshot.programs[bundle] = entry.name ?? String(bundle.dropFirst(FreedesktopProgram.prefix.count))
        }
        return snapshot
    }

    /// An app's settings and categories as the daemon has them now.
    func describe(_ bundle: String, center: UserNotificationCenter) async throws(NotificationCenterError)
        -> (NotificationSettings, [NotificationCategory])
    {
        guard case .settings(let settings) = try await center.ask(.getSettings(owner(bundle))),
            case .categoriesList(let categories) = try await center.ask(.categoriesQuery(owner(bundle)))
        else { throw .unexpected }
        return (settings, categories)
    }

    private func forward(_ event: NotificationCenterEvent, center: UserNotificationCenter) async {
        switch event {
        case .willPresent(let notification):
            do {
                let (settings, categories) = try await describe(notification.owner.bundleIdentifier, center: center)
                port.post(SuiteNotificationMessage.arrived(notification, settings, categories), to: inbox)
            } catch {
                port.post(SuiteNotificationMessage.arrived(notification, NotificationSettings(), []), to: inbox)
            }
        case .didReceive(let response): port.post(SuiteNotificationMessage.response(response), to: inbox)
        case .removed(let removal): port.post(SuiteNotificationMessage.removed(removal), to: inbox)
        case .background(let background):
            // With the app's settings: its badge shows only if they allow it.
            let settings = try? await describe(background.owner.bundleIdentifier, center: center).0
            port.post(SuiteNotificationMessage.background(background, settings), to: inbox)
        case .disconnected, .didRegisterForRemoteNotificationsWithDeviceToken, .didFailToRegisterForRemoteNotifications:
            break
        }
    }
}
