import CSystemdBus
import Foundation
import Notifications
import SystemdBus
import Wire

/// The daemon's side: answers to the server's requests, and the responses and removals it follows.
extension NotificationServer {
    /// One message from the daemon (on the bus thread).
    func handle(_ message: WireMessage) {
        switch message {
        case .error(let error):
            guard let requestID = error.requestID, let state = waiting.removeValue(forKey: requestID) else { return }
            switch state {
            case .notify(let call, let id):
                forget(id)
                fail(call, name: "org.freedesktop.Notifications.Error.Refused", error.failure.message)
                settle(call)
            case .close(let call, _):
                fail(call, name: "org.freedesktop.Notifications.Error.Failed", error.failure.message)
                sd_bus_message_unref(call)
            case .quiet: break
            }
        case .notification(let envelope):
            guard let event = try? NotificationMessage(envelope) else { return }
            if let requestID = envelope.requestID, let state = waiting.removeValue(forKey: requestID) {
                answer(state)
            } else {
                follow(event)
            }
        default: break
        }
    }

    /// The daemon committed what a waiting call asked: it is answered now.
    private func answer(_ state: Waiting) {
        switch state {
        case .notify(let call, let id):
            _ = reply(BusMessage(pointer: call)) { try $0.append(id) }
            settle(call)
        case .close(let call, let id):
            _ = reply(BusMessage(pointer: call)) { _ in }
            sd_bus_message_unref(call)
            closed(id, reason: 3)
        case .quiet: break
        }
    }

    /// A response or removal of a notification this server posted.
    private func follow(_ event: NotificationMessage) {
        switch event {
        case .notificationResponse(let response):
            let owner = response.notification.owner
            guard owner.device == device,
                let id = ids[Self.key(owner.bundleIdentifier, response.notification.request.identifier)],
                let entry = entries[id]
            else { return }
            switch response.actionIdentifier {
            case NotificationResponse.dismissActionIdentifier:
                closed(id, reason: 2)
                return
            default:
                let key =
                    response.actionIdentifier == NotificationResponse.defaultActionIdentifier
                    ? "default" : response.actionIdentifier
                // Only an action the program gave is invoked: opening a notification without a `default` action
                // closes it (as dunst does), with no ActionInvoked.
                if entry.actionKeys.contains(key) {
                    // The desktop's token first, as the specification orders them (only a response that came
                    // through a desktop has one: a terminal has none to give).
                    if let token = response.activationToken, !token.isEmpty, token.utf8.count <= 1_024 {
                        emit("ActivationToken", id: id) { try $0.append(token) }
                    }
                    emit("ActionInvoked", id: id) { try $0.append(key) }
                }
            }
            if !entry.resident {
                // Chosen: gone from the screen, as on a desktop (a resident one stays until closed).
                let filter = NotificationFilter(
                    bundleIdentifier: entry.bundleIdentifier, device: device, identifiers: [entry.identifier])
                send(.removeDelivered(filter), 0)
                closed(id, reason: 2)
            }
        case .notificationsRemoved(let removal):
            guard !removal.pending, removal.owner.device == device else { return }
            for identifier in removal.identifiers {
                guard let id = ids[Self.key(removal.owner.bundleIdentifier, identifier)], let entry = entries[id]
                else { continue }
                let reason: UInt32 =
                    entry.closing ? 3 : removal.reason == .requested ? 2 : removal.reason == .collapsed ? 4 : 1
                closed(id, reason: reason)
            }
        default: break
        }
    }

    /// `NotificationClosed(id, reason)` (1 expired, 2 dismissed by the user, 3 closed by a call, 4 undefined),
    /// once per notification: the id is forgotten.
    func closed(_ id: UInt32, reason: UInt32) {
        guard entries[id] != nil else { return }
        forget(id)
        emit("NotificationClosed", id: id) { try $0.append(reason) }
    }
}
