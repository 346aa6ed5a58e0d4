import Foundation

/// Daemon → its machine's account link: a push that must also reach devices on the account's other machines
/// (every other machine when `intake.device` is nil, else the machine that has that device). The link answers
/// with a `RemotePushOutcome` under the same request id.
public struct PushRelayRequest: Codable, Hashable, Sendable {
    /// The push as it was handed to this machine (before any service extension: each machine runs its own).
    public var intake: PushIntake
    /// The identifier this machine delivered it under; other machines deliver it under the same one.
    public var identifier: String
    /// Set: not a push but the user's answer to a notification another machine posted (`intake` only names
    /// its app), for that machine alone.
    public var answer: RemoteAnswer?
    public init(intake: PushIntake, identifier: String, answer: RemoteAnswer? = nil) {
        self.intake = intake
        self.identifier = identifier
        self.answer = answer
    }
}

/// What the user did on this machine with a notification a program on another machine posted through that
/// machine's freedesktop server: an action chosen, or a dismissal. The account link carries it to `machine`,
/// whose daemon replays it there (the program hears `ActionInvoked` or `NotificationClosed`).
public struct RemoteAnswer: Codable, Hashable, Sendable {
    /// The machine the notification came from.
    public var machine: String
    public var bundleIdentifier: String
    public var identifier: String
    /// The action chosen (`NotificationResponse`'s identifiers); nil: dismissed.
    public var actionIdentifier: String?
    /// Set: the other way round. The machine it came from closed it (the program, or an answer there), and every
    /// machine that holds a copy removes it; `machine` is filled in by the link that reads it. For a push (an app
    /// that is not `org.freedesktop.…`), any machine that removed it from its devices closes it everywhere.
    public var closedAtOrigin: Bool?
    public init(
        machine: String, bundleIdentifier: String, identifier: String, actionIdentifier: String?,
        closedAtOrigin: Bool? = nil
    ) {
        self.machine = machine
        self.bundleIdentifier = bundleIdentifier
        self.identifier = identifier
        self.actionIdentifier = actionIdentifier
        self.closedAtOrigin = closedAtOrigin
    }
}

/// The account link → daemon (→ `baton push`): where a push went beyond this machine.
public struct RemotePushOutcome: Codable, Hashable, Sendable {
    /// The other machines it was written for (the server has it; each delivers it to its own devices).
    public var sent: [String]
    /// It waits on this machine until the account's server answers again (kept on disk).
    public var queued: Bool
    /// Not sent (expiration 0 and the server unreachable, or no other machine has the named device).
    public var dropped: Bool
    /// Why it was queued or dropped, for the user.
    public var note: String?
    /// Which push (a drop the link reports on its own, after the push was answered as queued).
    public var push: PushIdentity?
    public init(
        sent: [String] = [], queued: Bool = false, dropped: Bool = false, note: String? = nil,
        push: PushIdentity? = nil
    ) {
        self.sent = sent
        self.queued = queued
        self.dropped = dropped
        self.note = note
        self.push = push
    }

    /// One phrase for `baton push`'s line.
    public var summary: String {
        if !sent.isEmpty {
            let count = sent.count == 1 ? "1 other machine" : "\(sent.count) other machines"
            return "sent to \(count) (\(sent.joined(separator: ", ")))"
        }
        if queued { return "queued for other machines" + (note.map { " (\($0))" } ?? "") }
        if dropped { return "not sent to other machines" + (note.map { " (\($0))" } ?? "") }
        return "no other machine" + (note.map { " (\($0))" } ?? "")
    }
}

/// A push as a report names it: its identifier, app and the device it was for.
public struct PushIdentity: Codable, Hashable, Sendable {
    public var identifier: String
    public var bundleIdentifier: String
    public var device: String
    public init(identifier: String, bundleIdentifier: String, device: String) {
        self.identifier = identifier
        self.bundleIdentifier = bundleIdentifier
        self.device = device
    }
}
