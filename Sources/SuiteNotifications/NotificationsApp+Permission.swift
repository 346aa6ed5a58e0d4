import Foundation
import Notifications
import TerminalUI
import UserNotifications

// Permission and settings: the first request's question, an app's `add`, settings changes.
extension NotificationsApp {
    /// An app of the suite's first `requestAuthorization` on this device: asks the user (a quiet,
    /// provisional request is granted without a question, as iOS does). Returns false when the app does
    /// not ask (not one of the suite's, or it asks for nothing).
    @discardableResult
    public func requestAuthorization(for bundle: String) -> Bool {
        guard let delegate = delegates.first(where: { $0.notificationBundleIdentifier == bundle }),
            let options = delegate.authorizationOptions
        else { return false }
        guard !permissions.contains(where: { $0.bundleIdentifier == bundle }) else { return true }
        let modal = PermissionModal(bundleIdentifier: bundle, appName: appName(bundle), options: options)
        if options.contains(.provisional) {
            answer(modal, allow: true)
        } else {
            permissions.append(modal)
        }
        return true
    }

    /// Sends the user's answer: Allow is the app's `requestAuthorization` granted; Don't Allow denies.
    func answer(_ modal: PermissionModal, allow: Bool) {
        let owner = NotificationOwner(bundleIdentifier: modal.bundleIdentifier, device: device)
        let (options, device) = (modal.options, self.device)
        call { center in
            if allow {
                let reply = try await center.ask(
                    .requestAuthorization(AuthorizationRequest(owner: owner, options: options)))
                guard case .authorization(let answer) = reply else { return nil }
                return .settings(owner.bundleIdentifier, answer.settings)
            }
            let reply = try await center.ask(
                .changeSettings(SettingsChange(owner: owner, allow: false, requester: device)))
            guard case .settings(let settings) = reply else { return nil }
            return .settings(owner.bundleIdentifier, settings)
        }
    }

    /// An app's `add(_:)`: asks permission the first time, then schedules it and says when it fires.
    func add(_ post: NotificationRequestPost, context: SuiteContext) {
        let bundle = post.bundleIdentifier
        guard center != nil else {
            // Still connecting (the suite just started, or the daemon restarts): added once connected.
            waitingForLink.append(post)
            return
        }
        switch ledger.settings[bundle]?.authorizationStatus {
        case nil, .notDetermined?:
            // Unknown settings are read first; a first request asks.
            heldRequests[bundle, default: []].append(post.request)
            let owner = NotificationOwner(bundleIdentifier: bundle, device: device)
            if ledger.settings[bundle] == nil {
                call { center in
                    guard case .settings(let settings) = try await center.ask(.getSettings(owner)) else { return nil }
                    return .settings(bundle, settings)
                }
            } else {
                requestAuthorization(for: bundle)
            }
            return
        case .denied?:
            context.showBanner("\(appName(bundle)) may not send notifications (F4 → s Settings)", kind: .warning)
            return
        default: break
        }
        let owner = NotificationOwner(bundleIdentifier: bundle, device: device)
        let (request, device) = (post.request, self.device)
        call { center in
            let reply = try await center.ask(.add(AddNotification(owner: owner, request: request, requester: device)))
            guard case .added(let added) = reply else { return nil }
            let when = ReminderText.when(added.nextFireDate, trigger: request.trigger)
            guard case .pendingList(let list) = try await center.ask(.pendingQuery(NotificationFilter(device: device)))
            else { return nil }
            return .scheduled(list, "“\(NotificationText.shown(request.content.title))” \(when)")
        }
    }

    func change(_ request: SettingsChangeRequest) {
        let change = SettingsChange(
            owner: NotificationOwner(bundleIdentifier: request.bundleIdentifier, device: device), allow: request.allow,
            sounds: request.sounds, badges: request.badges, alerts: request.alerts, previews: request.previews,
            quiet: request.quiet, otherMachines: request.otherMachines, requester: device)
        call { center in
            guard case .settings(let settings) = try await center.ask(.changeSettings(change)) else { return nil }
            return .settings(request.bundleIdentifier, settings)
        }
    }
}
