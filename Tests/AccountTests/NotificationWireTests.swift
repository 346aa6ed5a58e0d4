import Foundation
import NIOCore
import Notifications
import Testing
import Wire

/// Every message of the notification family survives a trip through a frame.
@Suite struct NotificationWireTests {
    static let owner = NotificationOwner(bundleIdentifier: "com.example.app", device: "desk")
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
    static let request = NotificationRequest(
        identifier: "r1",
        content: NotificationContent(
            title: "Tea", subtitle: "Now", body: "Green, 80 °C", badge: 3, sound: .critical(name: "bell", volume: 0.5),
            categoryIdentifier: "tea", threadIdentifier: "kitchen", targetContentIdentifier: "pot",
            summaryArgument: "pots", interruptionLevel: .timeSensitive, relevanceScore: 0.75,
            userInfo: ["n": .int(9_007_199_254_740_993), "s": .string("x"), "d": .double(1.5)],
            attachments: [
                NotificationAttachment(identifier: "a", url: URL(fileURLWithPath: "/tmp/a.png"), type: .image)
            ]),
        trigger: .calendar(CalendarMatch(hour: 9, minute: 0, weekday: 2, timeZone: "Europe/Warsaw"), repeats: true))
    static let delivered = DeliveredNotification(owner: owner, request: request, date: date, lateBy: 12.5)

    static let messages: [NotificationMessage] = [
        .requestAuthorization(AuthorizationRequest(owner: owner, options: [.alert, .sound, .criticalAlert])),
        .authorization(AuthorizationAnswer(granted: true, settings: .granted([.alert, .badge]))),
        .getSettings(owner),
        .changeSettings(SettingsChange(owner: owner, allow: false, sounds: true)),
        .settings(NotificationSettings(authorizationStatus: .denied)),
        .setCategories(
            CategoriesUpdate(
                owner: owner,
                categories: [
                    NotificationCategory(
                        identifier: "tea",
                        actions: [
                            NotificationAction(identifier: "brew", title: "Brew", options: [.foreground]),
                            NotificationAction(
                                identifier: "note", title: "Note",
                                textInput: .init(buttonTitle: "Send", placeholder: "How was it?")),
                        ], options: [.customDismissAction])
                ])),
        .add(AddNotification(owner: owner, request: request, requester: "desk")),
        .add(
            AddNotification(
                owner: owner,
                request: NotificationRequest(
                    identifier: "loc", content: .init(title: "Home"),
                    trigger: .location(
                        Region(identifier: "h", latitude: 52.2, longitude: 21.0, radius: 100, notifyOnExit: true),
                        repeats: false)),
                requester: "desk")),
        .add(
            AddNotification(
                owner: owner,
                request: NotificationRequest(
                    identifier: "in", content: .init(title: "Soon"), trigger: .timeInterval(seconds: 90, repeats: true)),
                requester: "desk")),
        .added(NotificationAdded(identifier: "r1", nextFireDate: date)),
        .added(NotificationAdded(identifier: "loc", nextFireDate: nil)),
        .pendingQuery(NotificationFilter(bundleIdentifier: "com.example.app")),
        .pendingList([PendingNotification(owner: owner, request: request, nextFireDate: date)]),
        .deliveredQuery(NotificationFilter(device: "desk")),
        .deliveredList([delivered]),
        .pendingPiece([PendingNotification(owner: owner, request: request, nextFireDate: date)]),
        .deliveredPiece([delivered]),
        .removePending(NotificationFilter(identifiers: ["a", "b"])),
        .removeDelivered(NotificationFilter()),
        .removed(4),
        .setBadgeCount(BadgeUpdate(owner: owner, count: 0)),
        .notificationDelivered(delivered),
        .notificationResponse(
            NotificationResponse(notification: delivered, actionIdentifier: "note", userText: "lovely")),
        .notificationsRemoved(
            NotificationsRemoved(owner: owner, identifiers: ["x"], pending: true, reason: .pushedOut)),
        .backgroundPush(
            BackgroundPush(
                owner: owner, identifier: "b", kind: .background, badge: 7, sound: nil,
                userInfo: ["acme": .string("bar")], date: date)),
        .follow(NotificationFilter(device: "desk")),
        .push(
            PushIntake(
                push: PushNotification(
                    bundleIdentifier: "com.example.app", content: request.content, kind: .alert, mutableContent: true,
                    collapseID: "c", priority: 5, expiration: .at(date)),
                device: nil)),
        .push(
            PushIntake(
                push: PushNotification(
                    bundleIdentifier: "com.example.app", content: .init(badge: 1), kind: .silent,
                    expiration: .immediately),
                device: "desk")),
        .pushed(PushOutcome(identifier: "c", delivered: ["desk"], waiting: ["laptop"], dropped: [])),
        .locationChanged(LocationUpdate(device: "desk", latitude: -33.9, longitude: 151.2)),
        .relayPushes,
        .relayPush(
            PushRelayRequest(
                intake: PushIntake(
                    push: PushNotification(bundleIdentifier: "com.example.app", content: request.content, kind: .alert),
                    device: nil, origin: "laptop", identifier: "id-1"),
                identifier: "id-1")),
        .relayedPush(RemotePushOutcome(sent: ["server"])),
        .remoteAnswer(
            RemoteAnswer(
                machine: "server", bundleIdentifier: "org.freedesktop.App", identifier: "fdo-1", actionIdentifier: "ok")
        ),
        .relayPush(
            PushRelayRequest(
                intake: PushIntake(
                    push: PushNotification(bundleIdentifier: "org.freedesktop.App", content: .init(), kind: .alert),
                    device: nil),
                identifier: "fdo-1",
                answer: RemoteAnswer(
                    machine: "server", bundleIdentifier: "org.freedesktop.App", identifier: "fdo-1",
                    actionIdentifier: nil))),
        .pushed(
            PushOutcome(
                identifier: "q", delivered: [], waiting: [], dropped: [],
                elsewhere: RemotePushOutcome(queued: true, note: "server unreachable"))),
        .categoriesQuery(owner),
        .categoriesList([NotificationCategory(identifier: "tea", actions: [], options: [])]),
        .registerForRemoteNotifications(owner),
        .deviceToken(
            DeviceToken(token: DeviceToken.random(), owner: owner, registered: Date(timeIntervalSince1970: 1))),
        .unregisterForRemoteNotifications(owner),
        .tokensQuery(NotificationFilter(bundleIdentifier: "com.example.tea")),
        .tokensList([
            DeviceToken(
                token: String(repeating: "0f", count: 32), owner: owner, registered: Date(timeIntervalSince1970: 1),
                unregistered: Date(timeIntervalSince1970: 2))
        ]),
        .appsQuery(NotificationFilter(device: "B")),
        .appsList([
            AppSettingsEntry(
                owner: NotificationOwner(bundleIdentifier: "org.freedesktop.Build-Bot", device: "B"), name: "Build Bot",
                settings: .granted([.alert]))
        ]),
        .done,
    ]

    @Test(arguments: messages)
    func roundTripsThroughAFrame(_ message: NotificationMessage) throws {
        var buffer = ByteBuffer()
        try FrameCodec.encode(try message.wire(requestID: 42), into: &buffer)
        guard case .message(let wire) = try #require(try FrameCodec.decode(from: &buffer)),
            case .notification(let envelope) = wire
        else {
            Issue.record("not a notification frame")
            return
        }
        #expect(wire.family == .notification)
        #expect(wire.requestID == 42)
        #expect(envelope.kind == message.kind)
        #expect(try NotificationMessage(envelope) == message)
    }

    @Test func everyKindIsCovered() {
        let names = NotificationKind.all.map(\.name)
        #expect(Set(names).count == names.count, "a sub-kind is declared twice")
        #expect(Set(Self.messages.map(\.kind)) == Set(names))
    }

    @Test func unknownKindIsAClearError() {
        let envelope = NotificationEnvelope(kind: "explode", requestID: nil, body: "{}")
        #expect(throws: NotificationMessageError.self) { try NotificationMessage(envelope) }
        #expect("\(NotificationMessageError.unknownKind("explode"))".contains("explode"))
    }
}
