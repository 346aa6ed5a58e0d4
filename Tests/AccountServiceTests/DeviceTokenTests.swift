import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

/// Issue 26, device tokens, in process: a token is given once per app per device and kept across a restart;
/// a push by token reaches its device, and is refused with APNs' reasons for an unknown token, another
/// app's token, and an unregistered one (with the time it stopped being valid).
@Suite struct DeviceTokenTests {
    static let tea = AppDescriptor(bundleIdentifier: "com.example.tea", teamIdentifier: "T", activityTypes: [])
    static let coffee = AppDescriptor(bundleIdentifier: "com.example.coffee", teamIdentifier: "T", activityTypes: [])
    static let teaOnKitchen = NotificationOwner(bundleIdentifier: tea.bundleIdentifier, device: "kitchen")

    /// Sends `message` and returns the daemon's answer to it: the typed message, or the refusal's line.
    func ask(_ socket: RawDaemonSocket, _ message: NotificationMessage, id: UInt64) throws -> Answer {
        try socket.send(try message.wire(requestID: id))
        let answer = socket.next { wire in
            switch wire {
            case .error(let error): error.requestID == id
            case .notification(let envelope): envelope.requestID == id
            default: false
            }
        }
        switch answer {
        case .error(let error): return .refused(error.failure.message)
        case .notification(let envelope): return .message(try NotificationMessage(envelope))
        default: throw DeviceTokenTestError.noAnswer(message.kind)
        }
    }

    func register(_ socket: RawDaemonSocket, _ owner: NotificationOwner, id: UInt64) throws -> DeviceToken {
        guard case .message(.deviceToken(let token)) = try ask(socket, .registerForRemoteNotifications(owner), id: id)
        else { throw DeviceTokenTestError.noAnswer("deviceToken") }
        return token
    }

    func push(_ socket: RawDaemonSocket, app: String, token: String, id: UInt64) throws -> Answer {
        let payload = Data(#"{"aps":{"alert":"Tea is ready"}}"#.utf8)
        let push = try PushPayload.parse(payload, options: PushOptions(app: app))
        return try ask(socket, .push(PushIntake(push: push, device: nil, token: token)), id: id)
    }

    @Test func aTokenIsKeptAcrossARestartAndReachesItsDevice() throws {
        var daemon = try InProcessDaemon()
        defer { daemon.stop() }
        var kitchen = try daemon.device("kitchen", apps: [Self.tea])
        let token = try register(kitchen, Self.teaOnKitchen, id: 1)
        #expect(DeviceToken.normalized(token.token) == token.token)
        #expect(token.owner == Self.teaOnKitchen && token.unregistered == nil)
        // Asked again: the same token.
        #expect(try register(kitchen, Self.teaOnKitchen, id: 2).token == token.token)

        daemon = try daemon.restarted()
        kitchen = try daemon.device("kitchen", apps: [Self.tea])
        #expect(try register(kitchen, Self.teaOnKitchen, id: 3).token == token.token)
        guard case .message(.tokensList(let list)) = try ask(kitchen, .tokensQuery(NotificationFilter()), id: 4) else {
            Issue.record("no tokens list")
            return
        }
        #expect(list.map(\.token) == [token.token])
        // Upper case is the same token, and the push reaches the kitchen.
        guard
            case .message(.pushed(let outcome)) = try push(
                kitchen, app: Self.tea.bundleIdentifier, token: token.token.uppercased(), id: 5)
        else {
            Issue.record("the push by token was not delivered")
            return
        }
        #expect(outcome.delivered == ["kitchen"])
    }

    /// A push by token takes the same path as any: for an absent device it waits, a later one with the same
    /// collapse id replaces it, and the device gets the newest once when it comes back.
    @Test func aTokenPushWaitsCollapsesAndArrivesOnce() async throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        var kitchen: RawDaemonSocket? = try daemon.device("kitchen", apps: [Self.tea])
        let token = try register(try #require(kitchen), Self.teaOnKitchen, id: 1)
        kitchen = nil
        let provider = try daemon.connect()
        // Until the daemon has seen the kitchen leave (a generous deadline only a hang reaches).
        let deadline = Date().addingTimeInterval(45)
        var request: UInt64 = 100
        while Date() < deadline {
            request += 1
            try provider.send(.devicesQuery(DevicesQuery(requestID: request)))
            guard case .devicesReply(let reply) = provider.next("devicesReply") else { break }
            if !reply.devices.contains(where: { $0.name == "kitchen" }) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        for (index, title) in ["Brewing", "Tea is ready"].enumerated() {
            let payload = Data(#"{"aps":{"alert":"\#(title)"}}"#.utf8)
            let push = try PushPayload.parse(
                payload, options: PushOptions(app: Self.tea.bundleIdentifier, collapseID: "pot"))
            let answer = try ask(
                provider, .push(PushIntake(push: push, device: nil, token: token.token)), id: UInt64(10 + index))
            guard case .message(.pushed(let outcome)) = answer else {
                Issue.record("push \(index) was not answered: \(answer)")
                return
            }
            #expect(outcome.waiting == ["kitchen"] && outcome.delivered.isEmpty)
        }
        let back = try daemon.device("kitchen", apps: [Self.tea])
        guard case .notification(let envelope) = back.next("notification"),
            case .notificationDelivered(let delivered) = try NotificationMessage(envelope)
        else {
            Issue.record("nothing delivered on return")
            return
        }
        #expect(delivered.request.content.body == "Tea is ready")
        guard
            case .message(.deliveredList(let list)) = try ask(
                back, .deliveredQuery(NotificationFilter(bundleIdentifier: Self.tea.bundleIdentifier)), id: 20)
        else {
            Issue.record("no delivered list")
            return
        }
        #expect(list.map(\.request.content.body) == ["Tea is ready"])
    }

    @Test func unknownAndOtherAppsTokensAreRefusedWithAPNsReasons() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let kitchen = try daemon.device("kitchen", apps: [Self.tea, Self.coffee])
        let token = try register(kitchen, Self.teaOnKitchen, id: 1)
        let unknown = String(repeating: "ab", count: 32)
        guard case .refused(let badToken) = try push(kitchen, app: Self.tea.bundleIdentifier, token: unknown, id: 2)
        else {
            Issue.record("an unknown token was accepted")
            return
        }
        #expect(badToken.hasPrefix("BadDeviceToken: "))
        guard case .refused(let notHex) = try push(kitchen, app: Self.tea.bundleIdentifier, token: "xyz", id: 3) else {
            Issue.record("a token that is not hex was accepted")
            return
        }
        #expect(notHex.hasPrefix("BadDeviceToken: "))
        guard
            case .refused(let otherApp) = try push(
                kitchen, app: Self.coffee.bundleIdentifier, token: token.token, id: 4)
        else {
            Issue.record("tea's token took a push for coffee")
            return
        }
        #expect(
            otherApp
                == "DeviceTokenNotForTopic: the token belongs to 'com.example.tea', not to the payload's app 'com.example.coffee'"
        )
    }

    @Test func anUnregisteredTokenIsUnregisteredWithItsTimestampAndANewOneIsGiven() throws {
        var daemon = try InProcessDaemon()
        defer { daemon.stop() }
        var kitchen = try daemon.device("kitchen", apps: [Self.tea])
        let token = try register(kitchen, Self.teaOnKitchen, id: 1)
        try daemon.advance(by: 90)
        guard case .message(.done) = try ask(kitchen, .unregisterForRemoteNotifications(Self.teaOnKitchen), id: 2)
        else {
            Issue.record("unregister was not answered done")
            return
        }
        let stopped = InProcessDaemon.startDate.addingTimeInterval(90)
        let expected =
            "Unregistered: the token stopped being valid at \(stopped.formatted(.iso8601)) (timestamp \(Int64(stopped.timeIntervalSince1970) * 1000))"
        guard case .refused(let gone) = try push(kitchen, app: Self.tea.bundleIdentifier, token: token.token, id: 3)
        else {
            Issue.record("an unregistered token took a push")
            return
        }
        #expect(gone == expected)
        // Still so after a restart; registering again gives another token, and the old one stays gone.
        daemon = try daemon.restarted()
        kitchen = try daemon.device("kitchen", apps: [Self.tea])
        guard
            case .refused(let stillGone) = try push(kitchen, app: Self.tea.bundleIdentifier, token: token.token, id: 4)
        else {
            Issue.record("the unregistered token took a push after a restart")
            return
        }
        #expect(stillGone == expected)
        let fresh = try register(kitchen, Self.teaOnKitchen, id: 5)
        #expect(fresh.token != token.token)
    }
}

/// The daemon's answer to one request.
enum Answer {
    case message(NotificationMessage)
    case refused(String)
}

enum DeviceTokenTestError: Error {
    case noAnswer(String)
}

/// Issue 26, bounds: registering and unregistering in a loop keeps one app's tokens to the newest few.
@Suite struct DeviceTokenBoundTests {
    @Test func onlyTheNewestUnregisteredTokensAreKept() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let tests = DeviceTokenTests()
        let kitchen = try daemon.device("kitchen", apps: [DeviceTokenTests.tea])
        var given: [String] = []
        var id: UInt64 = 1
        for _ in 0..<10 {
            given.append(try tests.register(kitchen, DeviceTokenTests.teaOnKitchen, id: id).token)
            try daemon.advance(by: 1)
            _ = try tests.ask(kitchen, .unregisterForRemoteNotifications(DeviceTokenTests.teaOnKitchen), id: id + 1)
            id += 2
        }
        guard case .message(.tokensList(let list)) = try tests.ask(kitchen, .tokensQuery(NotificationFilter()), id: id)
        else {
            Issue.record("no tokens list")
            return
        }
        #expect(Set(list.map(\.token)) == Set(given.suffix(TokenTable.unregisteredKeptPerOwner)))
        guard
            case .refused(let forgotten) = try tests.push(
                kitchen, app: DeviceTokenTests.tea.bundleIdentifier, token: given[0], id: id + 1),
            case .refused(let gone) = try tests.push(
                kitchen, app: DeviceTokenTests.tea.bundleIdentifier, token: given[9], id: id + 2)
        else {
            Issue.record("an unregistered token took a push")
            return
        }
        #expect(forgotten.hasPrefix("BadDeviceToken: ") && gone.hasPrefix("Unregistered: "))
    }
}
