import AccountClient
import BatonEnvironment
import Foundation
import Notifications
import Synchronization
import Wire

/// `baton notify --wait`: follows the app's responses and removals (subscribed before the notification is added,
/// so nothing is missed) and ends the command with what happened to the notification: the chosen action on
/// standard output and exit 0; a dismissal exit 2; no answer within `--wait-timeout` exit 124. Either way the
/// notification then leaves every device.
final class NotificationWait: Sendable {
    enum ExitCode {
        /// Dismissed (or removed) without an action chosen.
        static let dismissed: Int32 = 2
        /// Nothing happened within `--wait-timeout` (as `timeout(1)` exits).
        static let timedOut: Int32 = 124
    }

    private let link: DaemonLink
    private let events: AsyncStream<InboundFrame?>
    /// Whether an outcome is being reported (the first wins: the removal it makes is not a dismissal).
    private let ending = Mutex(false)

    private init(link: DaemonLink, events: AsyncStream<InboundFrame?>) {
        self.link = link
        self.events = events
    }

    /// Connects and follows `bundle`'s notifications on every device; returns once the daemon took it.
    static func subscribe(bundle: String) async -> NotificationWait {
        let (events, sink) = AsyncStream.makeStream(of: InboundFrame?.self)
        let link: DaemonLink
        do {
            link = try await NotificationFollow.connect(paths: BatonPaths(), sink: sink)
            try await link.send(
                try NotificationMessage.follow(NotificationFilter(bundleIdentifier: bundle)).wire(requestID: 1)
            ).get()
        } catch {
            NotificationCLI.fail("cannot wait for the notification: \(error)", code: NotificationCLI.ExitCode.failed)
        }
        let wait = NotificationWait(link: link, events: events)
        for await frame in events {
            guard let message = Self.message(frame) else { break }
            if case .done = message.typed, message.requestID == 1 { return wait }
        }
        NotificationCLI.fail("the daemon closed the connection", code: NotificationCLI.ExitCode.failed)
    }

    /// Waits for a response to, or the removal of, notification `identifier` of `bundle`; prints and exits.
    func outcome(bundle: String, identifier: String, timeout: Double?, json: Bool) async -> Never {
        if let timeout {
            Task {
                try? await Task.sleep(for: .seconds(timeout))
                await self.finish(bundle: bundle, identifier: identifier) {
                    if json { JSONOutput.line(["event": "timedOut", "identifier": identifier]) }
                    NotificationCLI.fail(
                        "no answer within \(Int(timeout)) s (the notification is removed)", code: ExitCode.timedOut)
                }
            }
        }
        for await frame in events {
            guard let message = Self.message(frame) else { break }
            switch message.typed {
            case .notificationResponse(let response) where response.notification.request.identifier == identifier:
                if response.actionIdentifier == NotificationResponse.dismissActionIdentifier {
                    await finish(bundle: bundle, identifier: identifier) { Self.dismissed(identifier, json: json) }
                }
                await finish(bundle: bundle, identifier: identifier) {
                    Self.chosen(response, json: json)
                    Foundation.exit(0)
                }
            case .notificationsRemoved(let removal) where removal.identifiers.contains(identifier):
                await finish(bundle: bundle, identifier: identifier) { Self.dismissed(identifier, json: json) }
            default: continue
            }
        }
        NotificationCLI.fail("the daemon closed the connection", code: NotificationCLI.ExitCode.failed)
    }

    /// Removes the notification from every device (so its banners leave every suite; answered once that
    /// committed), then runs `end`.
    private func finish(bundle: String, identifier: String, end: () -> Never) async -> Never {
        let first = ending.withLock { ending in
            defer { ending = true }
            return !ending
        }
        while !first { try? await Task.sleep(for: .seconds(3600)) }
        let filter = NotificationFilter(bundleIdentifier: bundle, identifiers: [identifier])
        _ = await NotificationCLI.request(.removeDelivered(filter))
        _ = await NotificationCLI.request(.removePending(filter))
        end()
    }

    private static func chosen(_ response: NotificationResponse, json: Bool) {
        let action =
            response.actionIdentifier == NotificationResponse.defaultActionIdentifier
            ? "default" : response.actionIdentifier
        if json {
            var object: [String: Any] = [
                "event": "action", "action": action, "identifier": response.notification.request.identifier,
                "device": response.notification.owner.device,
            ]
            if let text = response.userText { object["userText"] = text }
            return JSONOutput.line(object)
        }
        let text = response.userText.map { "\t" + BoundedQuote.escaped($0, limit: 4000) } ?? ""
        try? StandardOutput.emit(Data((action + text + "\n").utf8))
    }

    private static func dismissed(_ identifier: String, json: Bool) -> Never {
        if json { JSONOutput.line(["event": "dismissed", "identifier": identifier]) }
        NotificationCLI.fail("the notification was dismissed", code: ExitCode.dismissed)
    }

    /// A frame's notification message and request id; nil when the connection closed.
    private static func message(_ frame: InboundFrame?) -> (typed: NotificationMessage, requestID: UInt64?)? {
        guard let frame else { return nil }
        guard case .message(let message) = frame else { return (.done, 0) }
        if case .error(let error) = message {
            NotificationCLI.fail(error.failure.message, code: NotificationCLI.exitCode(for: error.failure.code))
        }
        guard case .notification(let envelope) = message, let typed = try? NotificationMessage(envelope) else {
            return (.done, 0)
        }
        return (typed, envelope.requestID)
    }
}
