import BatonEnvironment
import Foundation
import Notifications
import Wire

/// How an ntfy message becomes a Baton notification (the README's table). A topic is the program
/// `org.freedesktop.ntfy.TOPIC`: allowed until the user turns it off on a device, listed in F4's Settings as
/// `ntfy/TOPIC`, for every device of the account and, as the machine's freedesktop notifications are, every
/// device of its other machines. Priority is the interruption level (`NtfyPriority`); emoji tags go before the
/// title (before the message when there is none) and the other tags under the message; `Click` is the default
/// action's address (MonkeyBrowser opens it, as `baton notify --url`); `view`/`http` actions are its buttons; a
/// delay is a pending notification whose time-interval trigger fires at the delivery time.
public enum NtfyMapping {
    /// The bundle identifiers' prefix.
    public static let prefix = FreedesktopProgram.prefix + "ntfy."
    /// userInfo keys: the ntfy message id, its topic, and its actions as JSON (for the `http` ones).
    public static let idKey = "ntfy.id"
    public static let topicKey = "ntfy.topic"
    public static let actionsKey = "ntfy.actions"

    /// The app a topic is.
    public static func bundleIdentifier(topic: String) -> String { prefix + topic }

    /// The topic of an ntfy app's bundle identifier, nil for any other app.
    public static func topic(of bundleIdentifier: String) -> String? {
        bundleIdentifier.hasPrefix(prefix) ? String(bundleIdentifier.dropFirst(prefix.count)) : nil
    }

    /// The request the daemon is asked to add for `publish`, posted as device `device` (this machine's).
    public static func add(_ publish: NtfyPublish, device: String, now: Date) -> AddNotification {
        let message = publish.message
        let owner = NotificationOwner(bundleIdentifier: bundleIdentifier(topic: message.topic), device: device)
        var trigger: NotificationTrigger?
        if let delivery = publish.delivery {
            trigger = .timeInterval(seconds: max(1, delivery.timeIntervalSince(now)), repeats: false)
        }
        let buttons = (message.actions ?? []).enumerated().map { index, action in
            NotificationAction(identifier: "ntfy.\(index)", title: action.label, options: [])
        }
        return AddNotification(
            owner: owner,
            request: NotificationRequest(identifier: "ntfy-" + message.id, content: content(message), trigger: trigger),
            requester: device, everyDevice: true, actions: buttons.isEmpty ? nil : buttons, everyMachine: true)
    }

    /// The notification's content.
    public static func content(_ message: NtfyMessage) -> NotificationContent {
        let (emoji, otherTags) = NtfyTags.split(message.tags ?? [])
        let prefix = emoji.isEmpty ? "" : emoji.joined(separator: " ") + " "
        var title = message.title ?? ""
        var body = message.message ?? ""
        if title.isEmpty { body = prefix + body } else { title = prefix + title }
        if !otherTags.isEmpty { body += "\nTags: " + otherTags.joined(separator: ", ") }
        if let attachment = message.attachment { body += "\nAttachment: \(attachment.name) <\(attachment.url)>" }
        let priority = message.effectivePriority
        var userInfo: [String: PropertyListValue] = [
            FreedesktopProgram.nameKey: .string("ntfy/" + message.topic), idKey: .string(message.id),
            topicKey: .string(message.topic),
        ]
        if let click = message.click { userInfo["url"] = .string(click) }
        if priority == 5 { userInfo[BannerLifetime.key] = .string("sticky") }
        if message.contentType == "text/markdown" {
            let markup = NtfyMarkdown.markup(body)
            if BodyMarkup.runs(markup).contains(where: \.isStyled) {
                userInfo[FreedesktopProgram.bodyMarkupKey] = .string(markup)
                body = BodyMarkup.plainText(markup)
            }
        }
        if let actions = message.actions, let data = try? JSONEncoder().encode(actions) {
            userInfo[actionsKey] = .string(String(decoding: data, as: UTF8.self))
        }
        return NotificationContent(
            title: title, body: body, sound: NtfyPriority.rings(priority) ? .default : nil,
            threadIdentifier: "ntfy/" + message.topic, interruptionLevel: NtfyPriority.interruptionLevel(priority),
            userInfo: userInfo)
    }
}
