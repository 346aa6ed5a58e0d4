import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

/// Issue 39, item 2, on the daemon's manual clock: a program's `expire_timeout` of N ms removes its
/// notification N ms after delivery as `.expired` (`NotificationClosed` reason 1 at the server); 0 and -1 keep
/// it, and a critical one never expires, as the specification and dunst say.
@Suite struct FreedesktopExpiryTests {
    let programs = FreedesktopProgramTests()
    let tests = DeviceTokenTests()

    static func post(_ identifier: String, timeout: Int?, critical: Bool = false) -> NotificationMessage {
        var content = NotificationContent(
            title: identifier, interruptionLevel: critical ? .critical : .active,
            userInfo: [FreedesktopProgram.nameKey: .string("Build Bot")])
        if let timeout { content.userInfo[FreedesktopProgram.expireTimeoutKey] = .int(timeout) }
        return .add(
            AddNotification(
                owner: FreedesktopProgramTests.bot,
                request: NotificationRequest(identifier: identifier, content: content, trigger: nil), requester: "B"))
    }

    /// Posts each and waits until the device has heard of every one (their times are armed then).
    func post(_ posts: [NotificationMessage], server: RawDaemonSocket, device: RawDaemonSocket) throws {
        for (index, post) in posts.enumerated() {
            guard case .message(.added) = try tests.ask(server, post, id: UInt64(10 + index)) else {
                throw DeviceTokenTestError.noAnswer("added")
            }
            guard device.next("notification") != nil else { throw DeviceTokenTestError.noAnswer("delivered") }
        }
    }

    func delivered(_ socket: RawDaemonSocket, id: UInt64) throws -> Set<String> {
        let query = NotificationMessage.deliveredQuery(NotificationFilter(device: "B"))
        guard case .message(.deliveredList(let list)) = try tests.ask(socket, query, id: id) else {
            throw DeviceTokenTestError.noAnswer("deliveredList")
        }
        return Set(list.map(\.request.identifier))
    }

    @Test func aNotificationExpiresAfterItsTimeoutButNotWithZeroDefaultOrCritical() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let device = try daemon.device("B")
        let server = try programs.server(daemon)
        try post(
            [
                Self.post("short", timeout: 1_000), Self.post("never", timeout: 0), Self.post("default", timeout: nil),
                Self.post("critical", timeout: 1_000, critical: true),
            ], server: server, device: device)
        try daemon.advance(by: 0.999)
        #expect(try delivered(server, id: 1) == ["short", "never", "default", "critical"])
        try daemon.advance(by: 0.002)
        #expect(try delivered(server, id: 2) == ["never", "default", "critical"])
        guard case .notification(let envelope) = device.next("notification"),
            case .notificationsRemoved(let removal) = try NotificationMessage(envelope)
        else {
            Issue.record("the device heard of no removal")
            return
        }
        #expect(removal.identifiers == ["short"] && removal.reason == .expired)
        try daemon.advance(by: 86_400)
        #expect(try delivered(server, id: 3) == ["never", "default", "critical"])
    }

    /// `replaces_id`: the newer copy has its own time; the older one's does not take it away.
    @Test func aReplacedNotificationKeepsTheNewerTime() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let device = try daemon.device("B")
        let server = try programs.server(daemon)
        try post([Self.post("progress", timeout: 1_000)], server: server, device: device)
        try daemon.advance(by: 0.5)
        try post([Self.post("progress", timeout: 1_000)], server: server, device: device)
        try daemon.advance(by: 0.6)
        #expect(try delivered(server, id: 1) == ["progress"])
        try daemon.advance(by: 0.5)
        #expect(try delivered(server, id: 2).isEmpty)
    }

    /// A restarted daemon arms again what was delivered before it stopped.
    @Test func theTimeIsKeptAcrossARestart() throws {
        var daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let device = try daemon.device("B")
        try post([Self.post("short", timeout: 2_000)], server: try programs.server(daemon), device: device)
        daemon = try daemon.restarted()
        let server = try programs.server(daemon)
        try daemon.advance(by: 1.9)
        #expect(try delivered(server, id: 1) == ["short"])
        try daemon.advance(by: 0.2)
        #expect(try delivered(server, id: 2).isEmpty)
    }
}
