import AccountClient
import BatonEnvironment
import Foundation
import Notifications
import Wire

/// `baton notifications --follow`: one line per delivery, response and removal, as they happen, until the
/// daemon goes away (exit 1) or the user interrupts.
enum NotificationFollow {
    static func run(filter: NotificationFilter, json: Bool) async {
        let paths = BatonPaths()
        let (events, sink) = AsyncStream.makeStream(of: InboundFrame?.self)
        let link: DaemonLink
        do {
            link = try await connect(paths: paths, sink: sink)
        } catch {
            NotificationCLI.fail(CommandFailure(describing: error))
        }
        do {
            try await link.send(try NotificationMessage.follow(filter).wire(requestID: 1)).get()
        } catch {
            // Turned away (at the connection cap, say): the daemon's reason came before the close.
            for await frame in events {
                guard let frame else { break }
                if case .message(.error(let refusal)) = frame {
                    NotificationCLI.fail(
                        refusal.failure.message, code: NotificationCLI.exitCode(for: refusal.failure.code))
                }
            }
            NotificationCLI.fail("cannot follow: \(error)", code: NotificationCLI.ExitCode.failed)
        }
        for await frame in events {
            guard let frame else { break }
            guard case .message(let message) = frame else { continue }
            if case .error(let error) = message {
                NotificationCLI.fail(error.failure.message, code: NotificationCLI.exitCode(for: error.failure.code))
            }
            guard case .notification(let envelope) = message, let event = try? NotificationMessage(envelope) else {
                continue
            }
            if case .done = event, envelope.requestID == 1 {
                // The daemon took the subscription: from here on nothing matching is missed (scripts wait for it).
                if json { JSONOutput.line(["event": "following"]) }
                continue
            }
            print(event, json: json)
        }
        NotificationCLI.fail("the daemon closed the connection", code: NotificationCLI.ExitCode.failed)
    }

    static func connect(
        paths: BatonPaths, sink: AsyncStream<InboundFrame?>.Continuation
    ) async throws -> DaemonLink {
        let open = {
            try await DaemonLink.connect(
                to: paths.socket, onFrame: { sink.yield($0) }, onClose: { sink.yield(nil) }
            ).get()
        }
        do {
            return try await open()
        } catch let error as DaemonLinkError {
            throw error
        } catch {
            try await DaemonLauncher.startOnDemand(paths: paths)
            return try await open()
        }
    }

    /// One event as a line.
    static func print(_ event: NotificationMessage, json: Bool) {
        var object: [String: Any]
        switch event {
        case .notificationDelivered(let notification):
            object = describe(notification)
            object["event"] = "delivered"
        case .notificationResponse(let response):
            object = describe(response.notification)
            object["event"] = "response"
            object["action"] = response.actionIdentifier
            if let text = response.userText { object["userText"] = text }
        case .notificationsRemoved(let removal):
            object = [
                "event": "removed", "app": removal.owner.bundleIdentifier, "device": removal.owner.device,
                "identifiers": removal.identifiers, "pending": removal.pending, "reason": removal.reason.rawValue,
            ]
        case .backgroundPush(let background):
            object = [
                "event": "background", "app": background.owner.bundleIdentifier, "device": background.owner.device,
                "identifier": background.identifier, "kind": background.kind.rawValue,
                "date": ISO8601DateFormatter().string(from: background.date),
            ]
            if let badge = background.badge { object["badge"] = badge }
            switch background.sound {
            case .named(let name)?: object["sound"] = name
            case .critical(let name, _)?: object["sound"] = name ?? "default"
            case .default?: object["sound"] = "default"
            case nil: break
            }
            if !background.userInfo.isEmpty {
                object["userInfo"] = background.userInfo.mapValues(\.jsonObject)
            }
        default: return
        }
        if json { return JSONOutput.line(object) }
        let fields = ["event", "app", "device", "identifier", "title", "body", "reason"].compactMap { key -> String? in
            guard let value = object[key] else { return nil }
            return "\(key)=\(BoundedQuote.escaped("\(value)", limit: 200))"
        }
        try? StandardOutput.emit(Data((fields.joined(separator: " ") + "\n").utf8))
    }

    private static func describe(_ notification: DeliveredNotification) -> [String: Any] {
        var object: [String: Any] = [
            "app": notification.owner.bundleIdentifier, "device": notification.owner.device,
            "identifier": notification.request.identifier, "title": notification.request.content.title,
            "subtitle": notification.request.content.subtitle, "body": notification.request.content.body,
            "date": ISO8601DateFormatter().string(from: notification.date),
        ]
        if let late = notification.lateBy { object["lateBy"] = late }
        let content = notification.request.content
        if let badge = content.badge { object["badge"] = badge }
        // What a script needs to act on it: its category, thread, level and custom keys (a push's url).
        object["interruptionLevel"] = content.interruptionLevel.rawValue
        if !content.categoryIdentifier.isEmpty { object["category"] = content.categoryIdentifier }
        if !content.threadIdentifier.isEmpty { object["thread"] = content.threadIdentifier }
        if !content.userInfo.isEmpty { object["userInfo"] = content.userInfo.mapValues(\.jsonObject) }
        return object
    }
}
