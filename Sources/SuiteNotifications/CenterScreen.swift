import Foundation
import Notifications
import TerminalUI
import TextWidth

/// The Notification Center on F4: delivered notifications newest first, grouped by app then thread
/// (a collapsed thread shows its most relevant one and "N more"), the selected one's buttons, and a
/// second tab of pending requests with their next fire dates.
public struct CenterScreen: Sendable {
    public enum Tab: Sendable { case delivered, pending, settings }

    /// One row of the delivered list.
    public enum Row: Hashable, Sendable {
        case app(bundleIdentifier: String, count: Int)
        case notification(DeliveredNotification)
        case more(thread: String, summary: String)
    }

    public private(set) var tab = Tab.delivered
    /// The selected row's position among the selectable rows.
    public private(set) var selection = 0
    private var expanded: Set<String> = []
    /// The selected notification's buttons while they have the keys.
    public private(set) var bar: ActionBar?
    public private(set) var settings = SettingsPane()
    /// Set by the suite while the open notification's content extension hears its buttons first: a category
    /// button then keeps the buttons open and becomes `.extensionAction`.
    public var extensionHoldsActions = false
    /// The buttons a quiet (provisional) notification carries, as iOS shows them.
    public static let keepAction = NotificationAction(identifier: "baton.keep", title: "Keep")
    public static let turnOffAction = NotificationAction(
        identifier: "baton.turnOff", title: "Turn Off", options: [.destructive])

    public init() {}

    public var isEditingText: Bool { bar?.isEditing == true }

    /// The delivered list as rows: each app's header, then its threads.
    public func rows(_ ledger: NotificationLedger) -> [Row] {
        var rows: [Row] = []
        for group in ledger.groups {
            rows.append(.app(bundleIdentifier: group.bundleIdentifier, count: group.count))
            for thread in group.threads {
                let key = group.bundleIdentifier + "\n" + thread.identifier
                // The newest heads a collapsed thread, as on Apple; relevance orders only its summary ("2 more from …").
                let shown = expanded.contains(key) ? thread.notifications : Array(thread.notifications.prefix(1))
                rows += shown.map(Row.notification)
                if let more = thread.moreSummary, !expanded.contains(key) {
                    rows.append(.more(thread: key, summary: more))
                }
            }
        }
        return rows
    }

    private func selectable(_ rows: [Row]) -> [Row] {
        rows.filter { if case .app = $0 { false } else { true } }
    }

    /// The selected notification, if the selection is on one.
    public func selected(_ ledger: NotificationLedger) -> DeliveredNotification? {
        let choices = selectable(rows(ledger))
        guard choices.indices.contains(selection), case .notification(let n) = choices[selection] else { return nil }
        return n
    }

    /// Closes the open notification's buttons (its content extension dismissed it).
    public mutating func closeBar() { bar = nil }

    /// Gives the open notification these buttons (its content extension changed them).
    public mutating func replaceActions(_ actions: [NotificationAction]) {
        guard let open = bar else { return }
        bar = ActionBar(notification: open.notification, actions: actions)
    }

    public mutating func handle(
        _ press: KeyPress, ledger: NotificationLedger, apps: [(bundle: String, name: String)] = []
    ) -> NotificationCommand {
        if press == .char("t") || press == KeyPress(.tab, .shift), bar == nil {
            tab = tab == .delivered ? .pending : tab == .pending ? .settings : .delivered
            selection = 0
            return .handled
        }
        if press == .char("s"), bar == nil {
            tab = tab == .settings ? .delivered : .settings
            return .handled
        }
        if press == .char("n"), !isEditingText { return .toggleDoNotDisturb }
        switch tab {
        case .delivered: return handleDelivered(press, ledger: ledger)
        case .pending: return handlePending(press, ledger: ledger)
        case .settings:
            if press == KeyPress(.escape) {
                tab = .delivered
                return .handled
            }
            return settings.handle(press, apps: apps, ledger: ledger)
        }
    }

    /// The buttons of `notification`: its category's actions, and Keep / Turn Off while its app is quiet.
    static func actionBar(for notification: DeliveredNotification, ledger: NotificationLedger) -> ActionBar {
        var actions = ledger.category(of: notification)?.actions ?? []
        if ledger.settings(of: notification.owner.bundleIdentifier).authorizationStatus == .provisional {
            actions += [keepAction, turnOffAction]
        }
        return ActionBar(notification: notification, actions: actions)
    }

    private mutating func handleDelivered(_ press: KeyPress, ledger: NotificationLedger) -> NotificationCommand {
        let choices = selectable(rows(ledger))
        selection = min(selection, max(0, choices.count - 1))
        if var open = bar {
            if press == KeyPress(.escape), !open.isEditing, !open.confirming {
                bar = nil
                return .handled
            }
            let outcome = open.handle(press)
            bar = open
            switch outcome {
            case .ignored: return .ignored
            case .handled: return .handled
            case .openAttachment(let attachment):
                return .openAttachment(open.notification, attachment)
            case .respond(let identifier, let text, let foreground):
                bar = nil
                let bundle = open.notification.owner.bundleIdentifier
                if identifier == Self.keepAction.identifier {
                    return .changeSettings(SettingsChangeRequest(bundleIdentifier: bundle, allow: true))
                }
                if identifier == Self.turnOffAction.identifier {
                    return .changeSettings(SettingsChangeRequest(bundleIdentifier: bundle, allow: false))
                }
                if extensionHoldsActions, identifier != NotificationResponse.defaultActionIdentifier {
                    bar = open
                    return .extensionAction(
                        open.notification, actionIdentifier: identifier, userText: text, foreground: foreground)
                }
                return .respond(open.notification, actionIdentifier: identifier, userText: text, foreground: foreground)
            }
        }
        let current = choices.indices.contains(selection) ? choices[selection] : nil
        switch press {
        case KeyPress(.up): selection = max(0, selection - 1)
        case KeyPress(.down): selection = min(max(0, choices.count - 1), selection + 1)
        case KeyPress(.home): selection = 0
        case KeyPress(.end): selection = max(0, choices.count - 1)
        case KeyPress(.enter), .char(" "), KeyPress(.right), KeyPress(.tab):
            switch current {
            case .more(let thread, _):
                expanded.insert(thread)
            case .notification(let notification):
                if press == KeyPress(.enter) {
                    return .respond(
                        notification, actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: nil,
                        foreground: true)
                }
                if press == .char(" ") {
                    let key = notification.owner.bundleIdentifier + "\n" + notification.request.content.threadIdentifier
                    if expanded.contains(key) { expanded.remove(key) } else { expanded.insert(key) }
                } else {
                    var open = Self.actionBar(for: notification, ledger: ledger)
                    _ = open.handle(KeyPress(.right))
                    bar = open
                }
            default: return .ignored
            }
        case .char("d"), KeyPress(.delete):
            if case .notification(let notification) = current { return .dismiss(notification) }
            return .ignored
        case .char("c"):
            if case .notification(let notification) = current {
                return .clear(bundleIdentifier: notification.owner.bundleIdentifier)
            }
            return .ignored
        case .char("C"): return .clear(bundleIdentifier: nil)
        default: return .ignored
        }
        return .handled
    }

    private mutating func handlePending(_ press: KeyPress, ledger: NotificationLedger) -> NotificationCommand {
        let count = ledger.pending.count
        selection = min(selection, max(0, count - 1))
        switch press {
        case KeyPress(.up): selection = max(0, selection - 1)
        case KeyPress(.down): selection = min(max(0, count - 1), selection + 1)
        case .char("x"), .char("d"), KeyPress(.delete):
            guard ledger.pending.indices.contains(selection) else { return .ignored }
            return .cancel(ledger.pending[selection])
        default: return .ignored
        }
        return .handled
    }
}
