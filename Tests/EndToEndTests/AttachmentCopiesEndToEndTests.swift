import Foundation
import Testing

/// Issue 28, finding 9, through the real binary: an attachment copy belongs to its notification. A refused
/// request leaves none; a removed or replaced one takes its copy with it; a copy no notification names is
/// removed when the daemon starts (once older than the grace a `notify` waiting for the daemon needs).
@Suite struct AttachmentCopiesEndToEndTests {
    static func store(_ fixture: BatonFixture) -> URL {
        fixture.home.appendingPathComponent("state/notification-attachments")
    }

    static func copies(_ fixture: BatonFixture) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store(fixture).path)) ?? []).sorted()
    }

    /// Waits (60 s at most: a guard against a hang, not a timing) until `copies` satisfies `done`.
    static func wait(_ fixture: BatonFixture, until done: ([String]) -> Bool) async -> [String] {
        let deadline = ContinuousClock.now + .seconds(60)
        while !done(copies(fixture)), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        return copies(fixture)
    }

    static func image(_ fixture: BatonFixture, bytes: Int) throws -> String {
        let file = fixture.home.appendingPathComponent("photo-\(bytes).png")
        try Data(count: bytes).write(to: file)
        return file.path
    }

    @Test func refusedRequestsLeaveNoCopies() async throws {
        let fixture = try await BatonFixture()
        let photo = try Self.image(fixture, bytes: 9_000_000)
        // An app the daemon does not know (67), then baton's own app denied (65): each request is refused.
        for _ in 0..<3 {
            let refused = CommandLineEndToEndTests.run(
                fixture, ["notify", "--title", "t", "--in", "1h", "--attach", photo, "--app", "com.example.unknown"])
            #expect(refused.status == 67, "\(refused.output)")
        }
        let deny = CommandLineEndToEndTests.run(fixture, ["notifications", "settings", "--deny"])
        #expect(deny.status == 0, "\(deny.output)")
        for _ in 0..<2 {
            let refused = CommandLineEndToEndTests.run(
                fixture, ["notify", "--title", "t", "--in", "1h", "--attach", photo])
            #expect(refused.status == 65, "\(refused.output)")
        }
        #expect(Self.copies(fixture).isEmpty, "\(Self.copies(fixture))")
    }

    @Test func aRemovedOrReplacedRequestTakesItsCopyWithIt() async throws {
        let fixture = try await BatonFixture()
        let photo = try Self.image(fixture, bytes: 1000)
        let notify = ["notify", "--title", "t", "--in", "1h", "--id", "a", "--attach", photo]
        #expect(CommandLineEndToEndTests.run(fixture, notify).status == 0)
        let first = Self.copies(fixture)
        #expect(first.count == 1)
        #expect(CommandLineEndToEndTests.run(fixture, notify).status == 0)
        let replaced = await Self.wait(fixture) { $0.count == 1 && $0 != first }
        #expect(replaced.count == 1 && replaced != first, "\(replaced)")
        let removed = CommandLineEndToEndTests.run(fixture, ["notifications", "remove", "a"])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(await Self.wait(fixture) { $0.isEmpty }.isEmpty)
    }

    @Test func orphansGoWhenTheDaemonStarts() async throws {
        let fixture = try await BatonFixture()
        try FileManager.default.createDirectory(at: Self.store(fixture), withIntermediateDirectories: true)
        let orphan = Self.store(fixture).appendingPathComponent("orphan.png")
        let fresh = Self.store(fixture).appendingPathComponent("fresh.png")
        try Data(count: 10).write(to: orphan)
        try Data(count: 10).write(to: fresh)
        // An hour ago, against the file system's clock (the same one the sweep reads).
        var info = stat()
        #expect(stat(fresh.path, &info) == 0)
        var times = [
            timespec(tv_sec: info.st_mtim.tv_sec - 3600, tv_nsec: 0),
            timespec(tv_sec: info.st_mtim.tv_sec - 3600, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, orphan.path, &times, 0) == 0)
        #expect(CommandLineEndToEndTests.run(fixture, ["daemon", "start"]).status == 0)
        #expect(Self.copies(fixture) == ["fresh.png"])
    }
}
