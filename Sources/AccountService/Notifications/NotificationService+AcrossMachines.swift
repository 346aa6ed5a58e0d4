import BatonEnvironment
import Foundation
import Notifications
import Wire

/// The freedesktop server's notifications across machines. What a program posts on this machine's bus
/// (`AddNotification.everyMachine`) also goes to the account's other machines as a push without a device; there
/// it is the app `org.freedesktop.…` of every device, with its buttons, marked with the machine it came from
/// (`originKey`). What the user does with it there (an action, a dismissal) comes back as a `RemoteAnswer`
/// and is replayed here, where the program that posted it waits: one way each, never forwarded on again.
extension NotificationService {
    /// The userInfo key naming the machine a relayed freedesktop notification came from.
    static let originKey = "freedesktop.origin"
    /// The userInfo key carrying the buttons of a relayed freedesktop notification (identifier, title, …).
    static let actionsKey = "freedesktop.actions"
    /// The bundle prefix of the apps the freedesktop server posts for.
    static let freedesktopPrefix = "org.freedesktop."
    /// Actions answered across machines and not removed yet (their dismissal is the origin's to make).
    static let maxAnsweredElsewhere = 64

    /// Whether `intake` is a freedesktop notification another machine posted: its app need be on no device here.
    static func isFreedesktop(fromAnotherMachine intake: PushIntake) -> Bool {
        intake.origin != nil && intake.push.bundleIdentifier.hasPrefix(freedesktopPrefix)
    }

    /// Whether `add` is for the other machines too: the program asked for every machine and its settings do
    /// not keep it here.
    static func goesToOtherMachines(_ add: AddNotification, settings: NotificationSettings) -> Bool {
        add.everyMachine == true && !settings.keepFromOtherMachines
    }

    /// Hands a freedesktop notification just added here to the account link for the other machines (a push
    /// without a device, under the same identifier). Attachments stay here: their files are this machine's.
    func relayAcrossMachines(_ add: AddNotification) {
        guard Self.goesToOtherMachines(add, settings: appRow(add.owner).settings), relay.forwards else { return }
        var content = add.request.content
        content.attachments = []
        let category = appRow(add.owner).categories.first { $0.identifier == content.categoryIdentifier }
        if let actions = category?.actions, !actions.isEmpty {
            content.userInfo[Self.actionsKey] = .array(actions.flatMap { [.string($0.identifier), .string($0.title)] })
        }
        content.categoryIdentifier = ""
        let push = PushNotification(bundleIdentifier: add.owner.bundleIdentifier, content: content, kind: .alert)
        let request = PushRelayRequest(
            intake: PushIntake(push: push, device: nil), identifier: add.request.identifier)
        handToLink(request, what: "freedesktop notification")
    }

    /// A freedesktop notification from another machine, as it is delivered here: its app known, its origin
    /// marked, its buttons registered for each target device (as `baton notify --action` does).
    func adopted(_ intake: PushIntake, _ request: NotificationRequest, targets: [String]) -> NotificationRequest {
        guard Self.isFreedesktop(fromAnotherMachine: intake) else { return request }
        var request = request
        let bundle = intake.push.bundleIdentifier
        knownApps.insert(bundle)
        request.content.userInfo[Self.originKey] = intake.origin.map { .string($0) }
        guard case .array(let flat) = request.content.userInfo.removeValue(forKey: Self.actionsKey) else {
            return request
        }
        var actions: [NotificationAction] = []
        for index in stride(from: 0, to: flat.count - 1, by: 2) {
            guard case .string(let identifier) = flat[index], case .string(let title) = flat[index + 1] else {
                continue
            }
            actions.append(NotificationAction(identifier: identifier, title: title))
        }
        guard !actions.isEmpty else { return request }
        for device in targets {
            _ = registerActions(
                actions, for: request.identifier, owner: NotificationOwner(bundleIdentifier: bundle, device: device))
        }
        request.content.categoryIdentifier = AddNotification.actionsCategoryPrefix + request.identifier
        return request
    }

    /// The machine a delivered notification of `owner` came from, when it is a relayed freedesktop one.
    func origin(_ owner: NotificationOwner, _ identifier: String) -> String? {
        guard owner.bundleIdentifier.hasPrefix(Self.freedesktopPrefix),
            let copy = delivered[owner]?.first(where: { $0.request.identifier == identifier }),
            case .string(let machine) = copy.request.content.userInfo[Self.originKey]
        else { return nil }
        return machine
    }

    /// The user chose an action on a notification from another machine: the answer goes back to it. Its removal,
    /// which the suite sends next, is then the origin's to make (it closes the notification once the program
    /// has heard the action), so the two can never arrive in the wrong order.
    func answerOrigin(of response: NotificationResponse) {
        let owner = response.notification.owner
        let identifier = response.notification.request.identifier
        guard let machine = origin(owner, identifier) else { return }
        answeredElsewhere.append(Self.answerKey(owner.bundleIdentifier, identifier))
        answeredElsewhere.removeFirst(max(0, answeredElsewhere.count - Self.maxAnsweredElsewhere))
        sendAnswer(
            RemoteAnswer(
                machine: machine, bundleIdentifier: owner.bundleIdentifier, identifier: identifier,
                actionIdentifier: response.actionIdentifier))
    }

    /// The user (or the program) removed notifications of `owner` (`identifiers`, still delivered): those from
    /// another machine that were not answered with an action are dismissed there too; freedesktop ones posted
    /// here leave the other machines (`closedAtOrigin`). A push removed from every device here (`everyDevice`:
    /// dismissed or acted on in the suite, `baton notifications remove` without `--device`) leaves every other
    /// machine's devices too, whichever machine it was pushed on.
    func dismissOrigins(
        _ owner: NotificationOwner, _ identifiers: [String], everyDevice: Bool, sent: inout Set<String>
    ) {
        guard !closingFromOrigin else { return }
        guard owner.bundleIdentifier.hasPrefix(Self.freedesktopPrefix) else {
            guard everyDevice, relay.forwards else { return }
            let pushes = Set((delivered[owner] ?? []).filter { $0.request.trigger == .push }.map(\.request.identifier))
            for identifier in identifiers where pushes.contains(identifier) {
                guard sent.insert(Self.answerKey(owner.bundleIdentifier, identifier)).inserted else { continue }
                sendAnswer(
                    RemoteAnswer(
                        machine: "", bundleIdentifier: owner.bundleIdentifier, identifier: identifier,
                        actionIdentifier: nil, closedAtOrigin: true))
            }
            return
        }
        for identifier in identifiers {
            let key = Self.answerKey(owner.bundleIdentifier, identifier)
            if relay.forwards, origin(owner, identifier) == nil, sent.insert(key).inserted {
                sendAnswer(
                    RemoteAnswer(
                        machine: "", bundleIdentifier: owner.bundleIdentifier, identifier: identifier,
                        actionIdentifier: nil, closedAtOrigin: true))
                continue
            }
            if let index = answeredElsewhere.firstIndex(of: key) {
                answeredElsewhere.remove(at: index)
                sent.insert(key)
                continue
            }
            guard let machine = origin(owner, identifier), sent.insert(key).inserted else { continue }
            sendAnswer(
                RemoteAnswer(
                    machine: machine, bundleIdentifier: owner.bundleIdentifier, identifier: identifier,
                    actionIdentifier: nil))
        }
    }

    /// An answer from another machine to a notification posted here: replayed as if the user had given it on
    /// this machine (the freedesktop server hears the response or the removal and signals its client).
    func apply(_ answer: RemoteAnswer) {
        if answer.closedAtOrigin == true {
            let isPush = !answer.bundleIdentifier.hasPrefix(Self.freedesktopPrefix)
            var owners: [NotificationOwner] = []
            for owner in delivered.keys where owner.bundleIdentifier == answer.bundleIdentifier {
                // A push closed on another machine: its copies here, on every device (never a local notification
                // that shares its identifier). A freedesktop one: the copies that came from the machine that closed it.
                let closes =
                    isPush
                    ? delivered[owner]?.contains {
                        $0.request.identifier == answer.identifier && $0.request.trigger == .push
                    }
                        == true
                    : origin(owner, answer.identifier) == answer.machine
                if closes { owners.append(owner) }
            }
            closingFromOrigin = true
            defer { closingFromOrigin = false }
            for owner in owners {
                _ = removeDelivered(
                    NotificationFilter(
                        bundleIdentifier: owner.bundleIdentifier, device: owner.device, identifiers: [answer.identifier]
                    ),
                    reason: .requested)
            }
            return
        }
        let copies = delivered.filter { $0.key.bundleIdentifier == answer.bundleIdentifier }.values.flatMap { $0 }
            .filter { $0.request.identifier == answer.identifier }
        guard let newest = copies.max(by: { $0.date < $1.date }) else { return }
        if let action = answer.actionIdentifier {
            relay(NotificationResponse(notification: newest, actionIdentifier: action), from: nil)
        } else {
            _ = removeDelivered(
                NotificationFilter(bundleIdentifier: answer.bundleIdentifier, identifiers: [answer.identifier]),
                reason: .requested)
        }
    }

    private static func answerKey(_ bundle: String, _ identifier: String) -> String { bundle + "\n" + identifier }

    private func sendAnswer(_ answer: RemoteAnswer) {
        let push = PushNotification(bundleIdentifier: answer.bundleIdentifier, content: .init(), kind: .alert)
        handToLink(
            PushRelayRequest(
                intake: PushIntake(push: push, device: nil), identifier: answer.identifier, answer: answer),
            what: "answer to another machine")
    }

    private func handToLink(_ request: PushRelayRequest, what: String) {
        let logger = self.logger
        do {
            try relay.ask(request) { outcome in
                // Not kept when the link is not running (its outbox keeps what it took): the outcome says which.
                logger.info("\(what) for other machines", metadata: ["outcome": "\(outcome.summary)"])
            }
        } catch {
            logger.warning("\(what) not handed to the account link", metadata: ["error": "\(error)"])
        }
    }
}
