import Foundation
import Notifications
import TerminalUI
import UserNotifications

// Commands: what a key asked for, carried out through the daemon.
extension NotificationsApp {
    /// Carries out what a key asked for; returns whether the key was used.
    func perform(_ command: NotificationCommand, context: SuiteContext) -> Bool {
        switch command {
        case .ignored: return false
        case .handled: return true
        case .respond(let notification, let action, let text, let foreground):
            remove(
                notification,
                after: NotificationResponse(notification: notification, actionIdentifier: action, userText: text))
            if foreground { context.activate(app: appName(notification.owner.bundleIdentifier)) }
        case .extensionAction(let notification, let action, let text, let foreground):
            sendToExtension(
                notification, actionIdentifier: action, userText: text, foreground: foreground, context: context)
        case .dismiss(let notification):
            let custom = ledger.category(of: notification)?.options.contains(.customDismissAction) == true
            remove(
                notification,
                after: custom
                    ? NotificationResponse(
                        notification: notification, actionIdentifier: NotificationResponse.dismissActionIdentifier)
                    : nil)
        case .clear(let bundle):
            let filter = NotificationFilter(bundleIdentifier: bundle, device: device)
            for notification in ledger.delivered where filter.matches(notification.owner) {
                banners.remove(owner: notification.owner, identifiers: [notification.request.identifier])
            }
            call { center in
                _ = try await center.ask(.removeDelivered(filter))
                return nil
            }
        case .cancel(let pending):
            let filter = NotificationFilter(
                bundleIdentifier: pending.owner.bundleIdentifier, device: device,
                identifiers: [pending.request.identifier])
            let all = NotificationFilter(device: device)
            call { center in
                _ = try await center.ask(.removePending(filter))
                guard case .pendingList(let list) = try await center.ask(.pendingQuery(all)) else { return nil }
                return .pending(list)
            }
        case .toggleDoNotDisturb:
            toggleDoNotDisturb(context)
        case .changeSettings(let request):
            change(request)
        case .openAttachment(_, let attachment):
            let outcome = opener.open(attachment)
            context.showBanner(outcome.message, kind: outcome.kind == .unavailable ? .error : .info)
        }
        updateTitle()
        return true
    }

    func toggleDoNotDisturb(_ context: SuiteContext) {
        do {
            let state = try dnd.toggle(at: context.now())
            context.showBanner("Do Not Disturb " + (state.describe(at: context.now()).map { "on (\($0))" } ?? "off"))
        } catch {
            context.showBanner("Do Not Disturb: cannot save \(dnd.url.path): \(error)", kind: .error)
        }
    }

    /// Reads this device's pending requests again.
    func refreshPending() {
        let filter = NotificationFilter(device: device)
        call { center in
            guard case .pendingList(let list) = try await center.ask(.pendingQuery(filter)) else { return nil }
            return .pending(list)
        }
    }

    /// Removes a notification here and, for a push delivered to several devices, on all of them; after `response`,
    /// when there is one, has reached the daemon. One call, in that order: the app (or a freedesktop client waiting
    /// with `notify-send --wait`) hears the action before the removal, never a removal that hides it.
    func remove(_ notification: DeliveredNotification, after response: NotificationResponse? = nil) {
        let owner = notification.owner
        ledger.remove(
            NotificationsRemoved(
                owner: owner, identifiers: [notification.request.identifier], pending: false, reason: .requested))
        banners.remove(owner: owner, identifiers: [notification.request.identifier])
        let everyDevice = notification.request.trigger == .push
        let filter = NotificationFilter(
            bundleIdentifier: owner.bundleIdentifier, device: everyDevice ? nil : owner.device,
            identifiers: [notification.request.identifier])
        call { center in
            if let response { _ = try await center.ask(.notificationResponse(response)) }
            _ = try await center.ask(.removeDelivered(filter))
            return nil
        }
    }

    /// Runs a daemon call off the UI thread; its result (or failure) comes back as a message.
    func call(_ body: @escaping @Sendable (UserNotificationCenter) async throws -> SuiteNotificationMessage?) {
        guard let center else {
            port.post(SuiteNotificationMessage.failed("not connected to the account daemon"), to: .app(name))
            return
        }
        let port = self.port
        let inbox = Addressee.app(name)
        Task.detached {
            do {
                if let message = try await body(center) { port.post(message, to: inbox) }
            } catch {
                port.post(SuiteNotificationMessage.failed("\(error)"), to: inbox)
            }
        }
    }
}
