import Foundation
import NotificationContentExtensionKit
import Notifications
import TerminalUI

/// What an open content extension did, posted to the UI thread with its expansion's token.
struct ContentExpansionUpdate: Sendable {
    let token: Int
    let event: ContentExtensionEvent
}

// Content extensions (UserNotificationsUI): a notification of a category an app's extension draws, expanded
// (F4's buttons open, or a focused banner pulled down), runs the extension while it stays expanded.
extension NotificationsApp {
    /// The width extensions are asked to draw in: F4's detail on an 80-column terminal (the views clip).
    static let contentWidth = 72

    /// The notification expanded now: F4's open buttons, else the focused banner when pulled down.
    var expandedNotification: DeliveredNotification? {
        if let open = screen.bar { return open.notification }
        if banners.isFocused, banners.isExpanded { return banners.entries.first?.bar.notification }
        return nil
    }

    /// Starts or ends the content extension so that it runs exactly while its notification is expanded.
    func syncExpansion() {
        let wanted = expandedNotification
        if let current = expansion, wanted.map(current.shows) != true {
            current.session?.close()
            expansion = nil
        }
        guard expansion == nil, let notification = wanted,
            let manifest = contentExtensions.manifest(
                bundle: notification.owner.bundleIdentifier, category: notification.request.content.categoryIdentifier)
        else { return }
        expansionCount += 1
        let token = expansionCount
        let port = self.port
        let inbox = Addressee.app(name)
        let session = contentHost?.open(
            manifest, notification: notification, width: Self.contentWidth, devicePosition: devicePosition
        ) { event in
            port.post(ContentExpansionUpdate(token: token, event: event), to: inbox)
        }
        expansion = ContentExpansion(token: token, notification: notification, manifest: manifest, session: session)
        if session == nil { expansion?.status = .failed("no content extension host") }
    }

    /// What the extension did: its drawing, its buttons, its answer to a button, or its failure.
    func receive(_ update: ContentExpansionUpdate, context: SuiteContext) {
        guard var current = expansion, current.token == update.token else { return }
        switch update.event {
        case .drew(let drawing):
            current.status = .drawn(drawing)
            expansion = current
        case .actions(let actions):
            if screen.bar.map({ current.shows($0.notification) }) == true { screen.replaceActions(actions) }
            banners.replaceActions(actions, of: current.notification)
        case .answered(let option):
            guard let pending = current.pending else { return }
            current.pending = nil
            expansion = current
            finish(pending, of: current.notification, with: option, context: context)
        case .failed(let failure):
            logger.warning(
                "content extension failed",
                metadata: ["extension": "\(current.manifest.bundleIdentifier)", "reason": "\(failure)"])
            current.status = .failed(failure.description)
            let pending = current.pending
            current.pending = nil
            expansion = current
            // A button the extension never answered still reaches the app.
            if let pending {
                finish(pending, of: current.notification, with: .dismissAndForwardAction, context: context)
            }
        case .ended:
            break
        }
    }

    /// Sends a button pressed in the expanded notification to its extension; its answer decides the rest.
    func sendToExtension(
        _ notification: DeliveredNotification, actionIdentifier: String, userText: String?, foreground: Bool,
        context: SuiteContext
    ) {
        guard var current = expansion, current.shows(notification), current.holdsActions, current.pending == nil,
            let session = current.session
        else {
            if expansion?.pending != nil { return }  // one button at a time
            _ = perform(
                .respond(notification, actionIdentifier: actionIdentifier, userText: userText, foreground: foreground),
                context: context)
            return
        }
        current.pending = (actionIdentifier, userText, foreground)
        expansion = current
        session.send(ContentActionRequest(actionIdentifier: actionIdentifier, userText: userText))
    }

    /// Carries out the extension's answer to a button (`UNNotificationContentExtensionResponseOption`).
    func finish(
        _ pending: (actionIdentifier: String, userText: String?, foreground: Bool),
        of notification: DeliveredNotification, with option: ContentResponseOption, context: SuiteContext
    ) {
        switch option {
        case .doNotDismiss:
            return
        case .dismiss:
            screen.closeBar()
            banners.collapse(notification)
            remove(notification)
        case .dismissAndForwardAction:
            screen.closeBar()
            banners.collapse(notification)
            _ = perform(
                .respond(
                    notification, actionIdentifier: pending.actionIdentifier, userText: pending.userText,
                    foreground: pending.foreground), context: context)
        }
        syncExpansion()
        updateTitle()
    }
}
