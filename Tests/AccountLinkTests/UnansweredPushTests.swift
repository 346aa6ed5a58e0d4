import AccountLink
import BatonEnvironment
import Foundation
import Logging
import Notifications
import TestSupport
import Testing
import Wire

/// Issue 27, the push cursor's gap: the link moved its push cursor past a row as soon as it had posted the push to
/// its daemon, before the daemon answered. A daemon killed (or a connection dropped) in between lost the push on
/// that machine for good: the next link started after it. The cursor now stays below every post the daemon has not
/// answered, and the daemon takes each row once (`RemotePushTakenOnceTests`).
@Suite(.serialized) struct UnansweredPushTests {
    typealias Across = KeyValueAcrossMachinesTests
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aPushItsDaemonNeverAnsweredIsPostedAgainByTheNextLinkAndDeliveredOnce() async throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        // beta, a registered device of the server machine (known there after restarts), then away.
        let beta = try machines.device("beta", on: "server")
        #expect(
            try await machines.settled("beta published") {
                try machines.baton("laptop", ["account", "status"]).output.contains("devices: beta")
            })
        beta.terminate()
        beta.waitUntilExit()
        let files = LinkFiles(paths: BatonPaths(environment: ["BATON_HOME": machines.home("server").path]))
        #expect(
            try await machines.settled("the server machine's link has read the pushes once") {
                FileManager.default.fileExists(atPath: files.pushCursor.path)
            })
        let running = try #require(try await machines.runningLink("server"))
        #expect(try machines.baton("server", ["daemon", "stop"]).status == 0)
        #expect(try await machines.settled("the server machine's link gone with its daemon") { kill(running, 0) != 0 })
        // No `baton` command runs on the server machine from here until its daemon is started again: one would start
        // the real daemon on demand.
        let first = "First-\(UUID().uuidString.prefix(8))"
        try Self.push(first, from: machines)

        // The server machine's link runs here against a daemon the test plays: it hears the push, never answers.
        let daemon = try await PlayedDaemon.start(machines, "server")
        var posted: [PushIntake] = []
        let heardFirst = try await UnstoredRowTests.next(daemon.socket) { message in
            _ = daemon.answerFetch(message)
            if let intake = Self.push(in: message) { posted.append(intake) }
            return posted.contains { $0.push.content.title == first }
        }
        #expect(heardFirst, "the link posted the push to its daemon")
        let intake = try #require(posted.first { $0.push.content.title == first })
        #expect(intake.origin == "laptop" && intake.row != nil, "\(intake)")
        // Another push rings the link's doorbell: its pull reads on after the unanswered one and does not post that
        // one again (posts come in order: a second post of the first would come before the second).
        let second = "Second-\(UUID().uuidString.prefix(8))"
        try Self.push(second, from: machines)
        let heardSecond = try await UnstoredRowTests.next(daemon.socket) { message in
            if let intake = Self.push(in: message) { posted.append(intake) }
            return posted.contains { $0.push.content.title == second }
        }
        #expect(heardSecond, "the link posted the second push")
        #expect(posted.filter { $0.push.content.title == first }.count == 1, "\(posted.map(\.push.content.title))")
        // The daemon dies without answering either.
        await daemon.die()

        // The real daemon and its link: both pushes are posted again and reach beta, each once.
        #expect(try machines.baton("server", ["daemon", "start"]).status == 0)
        let output = machines.root.appendingPathComponent("follow-beta.jsonl")
        let follower = try machines.start(
            "server", ["notifications", "--follow", "--json", "--device", "beta", "--app", Pushes.app], output: output)
        defer { follower.terminate() }
        #expect(
            try await machines.settled("the follower's subscription") {
                Self.events(output).contains { $0["event"] == "following" }
            })
        // A marker pushed now is a newer row: the link posts it after the two, and beta gets it after them.
        let marker = "Marker-\(UUID().uuidString.prefix(8))"
        try Self.push(marker, from: machines)
        #expect(
            try await machines.settled("the marker on beta", limit: .seconds(180)) {
                Self.delivered(output).contains(marker)
            })
        let delivered = Self.delivered(output)
        #expect(delivered.filter { $0 == first }.count == 1, "\(delivered)")
        #expect(delivered.filter { $0 == second }.count == 1, "\(delivered)")
    }

    /// `baton push` of `title` to every device, on the laptop, for the server machine too (sent, or queued when the
    /// laptop's link did not answer within its 2 s on a loaded machine: its next round sends it).
    static func push(_ title: String, from machines: LinkedMachines) throws {
        let pushed = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: title, body: "b"), "--app", Pushes.app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(
            pushed.output.contains("sent to 1 other machine (server)")
                || pushed.output.contains("queued for other machines"), "\(pushed.output)")
    }

    /// The push a link posted in `message`, if it is one.
    static func push(in message: WireMessage) -> PushIntake? {
        guard case .notification(let envelope) = message, case .push(let intake) = try? NotificationMessage(envelope)
        else { return nil }
        return intake
    }

    /// The follower's events so far (its JSON lines, the string fields).
    static func events(_ output: URL) -> [[String: String]] {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?.compactMapValues {
                $0 as? String
            }
        }
    }

    /// The titles delivered to the follower, in order, each time it was told.
    static func delivered(_ output: URL) -> [String] {
        events(output).filter { $0["event"] == "delivered" }.compactMap { $0["title"] }
    }
}
