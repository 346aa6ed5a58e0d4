import Foundation
import Testing

/// Issue 39, item 4: opening a program's notification invokes `default` only when the program gave a `default`
/// action, as the specification and dunst have it; without one, opening it closes it (`NotificationClosed`
/// reason 2, dismissed by the user) and no `ActionInvoked` is emitted. Watched with `gdbus monitor`.
@Suite(.serialized) struct FreedesktopDefaultActionEndToEndTests {
    /// Posts `title` with `actions` (gdbus's `as` text) and opens its banner in `suite` (Ctrl-N, Enter on Open);
    /// the notification's id.
    func postAndOpen(
        _ title: String, actions: String, server: FreedesktopServerFixture, suite: TmuxSession
    ) async throws -> UInt32 {
        let answer = try server.run(
            ["/usr/bin/gdbus", "call"] + FreedesktopServerEndToEndTests.object + [
                "--method", "org.freedesktop.Notifications.Notify", "App", "uint32 0", "", title, "", actions,
                "@a{sv} {}", "int32 -1",
            ])
        let id = try #require(answer.split(separator: " ").last.flatMap { UInt32($0.filter(\.isNumber)) })
        try await suite.waitFor(title)
        try suite.send("C-n")
        try await suite.waitFor("Enter run")
        try suite.send("Enter")
        return id
    }

    @Test func openingWithoutADefaultActionClosesItAndInvokesNothing() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        let log = server.fixture.home.appendingPathComponent("monitor.log")
        let monitor = try FreedesktopServerFixture.start(
            ["/usr/bin/gdbus", "monitor"] + FreedesktopServerEndToEndTests.object, environment: server.environment,
            output: log)
        defer { FreedesktopServerFixture.stop(monitor) }
        try await FreedesktopServerFixture.waitFor("Monitoring signals", in: log)
        let suite = try TmuxSession(command: server.fixture.suiteCommand("--device B"), environment: server.environment)
        defer { suite.close() }
        try await suite.waitFor("F4 Notifications")

        let plain = try await postAndOpen("no default here", actions: "@as []", server: server, suite: suite)
        let closed = try await FreedesktopServerFixture.waitFor(
            "NotificationClosed (uint32 \(plain), uint32 2)", in: log)
        #expect(!closed.contains("ActionInvoked (uint32 \(plain),"), "\(closed)")

        // With a `default` action, opening it invokes `default`.
        let withDefault = try await postAndOpen(
            "a default here", actions: "['default', 'Show', 'ok', 'OK']", server: server, suite: suite)
        let invoked = try await FreedesktopServerFixture.waitFor(
            "NotificationClosed (uint32 \(withDefault), uint32 2)", in: log)
        #expect(invoked.contains("ActionInvoked (uint32 \(withDefault), 'default')"), "\(invoked)")
    }
}
