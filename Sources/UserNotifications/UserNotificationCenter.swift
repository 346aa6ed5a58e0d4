import AccountClient
import BatonEnvironment
import Foundation
import Handoff
import NIOCore
import Notifications
import Synchronization
import Wire

/// `UNUserNotificationCenter` for one app (its bundle identifier from its `Info.plist`) on one device, over a
/// connection of its own to the account daemon.
///
/// Calls are async and throw `NotificationCenterError` with the daemon's one-line reason. Deliveries,
/// responses and removals for this app on this device arrive through `events` as `NotificationCenterEvent`
/// values, which the app turns into its own messages; `present(_:options:)` records the app's answer to
/// `willPresent`.
public final class UserNotificationCenter: Sendable {
    public let owner: NotificationOwner
    private let link: DaemonLink
    private let state: CenterState

    /// The app's events, in order, until the connection closes.
    public let events: AsyncStream<NotificationCenterEvent>

    /// Connects for the app described by `manifest` on `device`, and starts following its notifications.
    public static func connect(
        manifest: AppManifest, device: String, paths: BatonPaths = BatonPaths()
    ) async throws(NotificationCenterError) -> UserNotificationCenter {
        try await connect(bundleIdentifier: manifest.bundleIdentifier, device: device, paths: paths)
    }

    /// Connects for the app `bundleIdentifier` on `device`.
    public static func connect(
        bundleIdentifier: String, device: String, paths: BatonPaths = BatonPaths()
    ) async throws(NotificationCenterError) -> UserNotificationCenter {
        try await open(
            owner: NotificationOwner(bundleIdentifier: bundleIdentifier, device: device),
            follow: NotificationFilter(bundleIdentifier: bundleIdentifier, device: device), paths: paths)
    }

    /// Connects as the suite on `device`: one connection that follows every app's notifications there (the
    /// suite's banners and Notification Center); its owner has an empty bundle identifier, so it speaks
    /// through `ask` with explicit owners and filters.
    public static func connectSuite(
        device: String, paths: BatonPaths = BatonPaths()
    ) async throws(NotificationCenterError) -> UserNotificationCenter {
        try await open(
            owner: NotificationOwner(bundleIdentifier: "", device: device),
            follow: NotificationFilter(device: device), paths: paths)
    }

    private static func open(
        owner: NotificationOwner, follow: NotificationFilter, paths: BatonPaths
    ) async throws(NotificationCenterError) -> UserNotificationCenter {
        let state = CenterState()
        let (events, sink) = AsyncStream.makeStream(of: NotificationCenterEvent.self)
        state.sink = sink
        let link: DaemonLink
        do {
            link = try await DaemonLink.connect(
                to: paths.socket, onFrame: { state.take($0) },
                onClose: {
                    state.failAll(.daemon("the daemon closed the connection"))
                    sink.yield(.disconnected)
                    sink.finish()
                }
            ).get()
        } catch {
            throw .daemon("cannot reach the Baton daemon: \(error)")
        }
        let center = UserNotificationCenter(owner: owner, link: link, state: state, events: events)
        _ = try await center.ask(.follow(follow))
        return center
    }

    private init(
        owner: NotificationOwner, link: DaemonLink, state: CenterState, events: AsyncStream<NotificationCenterEvent>
    ) {
        self.owner = owner
        self.link = link
        self.state = state
        self.events = events
    }

    /// Closes the connection.
    public func close() { link.close() }

    // MARK: - UNUserNotificationCenter

    /// Asks for permission; true when notifications are allowed.
    public func requestAuthorization(options: AuthorizationOptions) async throws(NotificationCenterError) -> Bool {
        guard
            case .authorization(let answer) = try await ask(
                .requestAuthorization(AuthorizationRequest(owner: owner, options: options)))
        else { throw .unexpected }
        return answer.granted
    }

    public func notificationSettings() async throws(NotificationCenterError) -> NotificationSettings {
        guard case .settings(let settings) = try await ask(.getSettings(owner)) else { throw .unexpected }
        return settings
    }

    public func setNotificationCategories(_ categories: Set<NotificationCategory>) async throws(NotificationCenterError)
    {
        _ = try await ask(
            .setCategories(
                CategoriesUpdate(owner: owner, categories: categories.sorted { $0.identifier < $1.identifier })))
    }

    /// Schedules `request` (replacing one with the same identifier); returns its next fire date. A calendar
    /// trigger without a zone is read in this process's (the device's), not in the daemon's.
    @discardableResult
    public func add(_ request: NotificationRequest) async throws(NotificationCenterError) -> Date? {
        let zone = AddNotification.callerTimeZone(for: request)
        guard
            case .added(let added) = try await ask(
                .add(AddNotification(owner: owner, request: request, requester: owner.device, timeZone: zone)))
        else { throw .unexpected }
        return added.nextFireDate
    }

    public func pendingNotificationRequests() async throws(NotificationCenterError) -> [NotificationRequest] {
        guard case .pendingList(let list) = try await ask(.pendingQuery(filter())) else { throw .unexpected }
        return list.map(\.request)
    }

    public func deliveredNotifications() async throws(NotificationCenterError) -> [DeliveredNotification] {
        guard case .deliveredList(let list) = try await ask(.deliveredQuery(filter())) else { throw .unexpected }
        return list
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String])
        async throws(NotificationCenterError)
    {
        _ = try await ask(.removePending(filter(identifiers)))
    }

    public func removeAllPendingNotificationRequests() async throws(NotificationCenterError) {
        _ = try await ask(.removePending(filter()))
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String])
        async throws(NotificationCenterError)
    {
        _ = try await ask(.removeDelivered(filter(identifiers)))
    }

    public func removeAllDeliveredNotifications() async throws(NotificationCenterError) {
        _ = try await ask(.removeDelivered(filter()))
    }

    public func setBadgeCount(_ count: Int) async throws(NotificationCenterError) {
        _ = try await ask(.setBadgeCount(BadgeUpdate(owner: owner, count: count)))
    }

    /// The app's answer to `.willPresent`: how it shows the notification while it runs (empty: not at all).
    public func present(_ notification: DeliveredNotification, options: PresentationOptions) {
        state.record(notification.request.identifier, options)
    }

    /// The options the app chose for a notification it was asked about, if it answered.
    public func presentation(of identifier: String) -> PresentationOptions? { state.presentation(identifier) }

    /// Reports what the user did with a notification (the suite's banner, next issue, calls this).
    public func respond(_ response: NotificationResponse) async throws(NotificationCenterError) {
        _ = try await ask(.notificationResponse(response))
    }

    // MARK: - Remote notifications

    /// Asks for the app's device token (the same one until `unregisterForRemoteNotifications()`); it arrives
    /// as `.didRegisterForRemoteNotificationsWithDeviceToken` (or `.didFailToRegisterForRemoteNotifications`)
    /// once the daemon has stored it, and is also returned.
    @discardableResult
    public func registerForRemoteNotifications() async throws(NotificationCenterError) -> String {
        do throws(NotificationCenterError) {
            guard case .deviceToken(let token) = try await ask(.registerForRemoteNotifications(owner)) else {
                throw NotificationCenterError.unexpected
            }
            state.sink?.yield(.didRegisterForRemoteNotificationsWithDeviceToken(token.token))
            return token.token
        } catch {
            state.sink?.yield(.didFailToRegisterForRemoteNotifications(error.description))
            throw error
        }
    }

    /// Invalidates the app's device token: a push to it is then `Unregistered`, and a later
    /// `registerForRemoteNotifications()` gives a new one.
    public func unregisterForRemoteNotifications() async throws(NotificationCenterError) {
        _ = try await ask(.unregisterForRemoteNotifications(owner))
    }

    // MARK: - Requests

    private func filter(_ identifiers: [String]? = nil) -> NotificationFilter {
        NotificationFilter(bundleIdentifier: owner.bundleIdentifier, device: owner.device, identifiers: identifiers)
    }

    /// Sends any message of the notification family and waits for the daemon's answer (the suite's center
    /// uses it for other apps' owners and filters).
    public func ask(_ message: NotificationMessage) async throws(NotificationCenterError) -> NotificationMessage {
        let requestID = state.nextRequestID()
        let wire: WireMessage
        do {
            wire = try message.wire(requestID: requestID)
        } catch {
            throw .daemon("cannot encode \(message.kind): \(error)")
        }
        let (state, link) = (self.state, self.link)
        let outcome = await withCheckedContinuation { continuation in
            state.wait(requestID, continuation)
            link.send(wire).whenFailure { error in state.finish(requestID, .failure(.daemon("\(error)"))) }
        }
        return try outcome.get()
    }
}

/// Why a notification center call failed.
public enum NotificationCenterError: Error, Equatable, CustomStringConvertible {
    /// The daemon refused, with its reason and code (`NotificationFailure`).
    case refused(code: Int, reason: String)
    case daemon(String)
    case unexpected

    public var description: String {
        switch self {
        case .refused(_, let reason): reason
        case .daemon(let reason): reason
        case .unexpected: "unexpected answer from the daemon"
        }
    }
}

/// The center's mutable state, shared with NIO's callbacks, behind one lock.
private final class CenterState: Sendable {
    private struct Fields {
        var counter: UInt64 = 1
        var waiting: [UInt64: CheckedContinuation<Result<NotificationMessage, NotificationCenterError>, Never>] = [:]
        var presentations: [String: PresentationOptions] = [:]
        var sink: AsyncStream<NotificationCenterEvent>.Continuation?
        var seen = DeliverySequenceFilter()
        /// Long answers arriving in pieces, by request.
        var pieces: [UInt64: NotificationListAssembler] = [:]
    }
    private let fields = Mutex(Fields())

    var sink: AsyncStream<NotificationCenterEvent>.Continuation? {
        get { fields.withLock { $0.sink } }
        set { fields.withLock { $0.sink = newValue } }
    }

    func nextRequestID() -> UInt64 {
        fields.withLock {
            $0.counter += 1
            return $0.counter
        }
    }

    func wait(
        _ id: UInt64, _ continuation: CheckedContinuation<Result<NotificationMessage, NotificationCenterError>, Never>
    ) {
        fields.withLock { $0.waiting[id] = continuation }
    }

    func finish(_ id: UInt64, _ outcome: Result<NotificationMessage, NotificationCenterError>) {
        let continuation = fields.withLock {
            $0.pieces[id] = nil
            return $0.waiting.removeValue(forKey: id)
        }
        continuation?.resume(returning: outcome)
    }

    func failAll(_ error: NotificationCenterError) {
        let all = fields.withLock {
            let all = $0.waiting
            $0.waiting = [:]
            return all
        }
        for continuation in all.values { continuation.resume(returning: .failure(error)) }
    }

    func record(_ identifier: String, _ options: PresentationOptions) {
        fields.withLock { $0.presentations[identifier] = options }
    }
    func presentation(_ identifier: String) -> PresentationOptions? { fields.withLock { $0.presentations[identifier] } }

    func take(_ frame: InboundFrame) {
        guard case .message(let message) = frame else { return }
        if case .error(let error) = message, let id = error.requestID {
            return finish(id, .failure(.refused(code: error.failure.code, reason: error.failure.message)))
        }
        guard case .notification(let envelope) = message, let typed = try? NotificationMessage(envelope) else { return }
        switch typed {
        case .notificationDelivered(let notification):
            // Each delivery once, even if the daemon sends a copy again.
            if fields.withLock({ $0.seen.firstTime(notification) }) { sink?.yield(.willPresent(notification)) }
        case .notificationResponse(let response): sink?.yield(.didReceive(response))
        case .notificationsRemoved(let removal): sink?.yield(.removed(removal))
        case .backgroundPush(let background): sink?.yield(.background(background))
        default:
            guard let id = envelope.requestID else { return }
            // A long pending or delivered answer comes in pieces: the last one finishes the request.
            let whole = fields.withLock { fields -> NotificationMessage? in
                var assembler = fields.pieces.removeValue(forKey: id) ?? NotificationListAssembler()
                let whole = assembler.add(typed)
                if whole == nil { fields.pieces[id] = assembler }
                return whole
            }
            if let whole { finish(id, .success(whole)) }
        }
    }
}
