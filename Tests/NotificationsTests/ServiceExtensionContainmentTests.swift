import BatonEnvironment
import Foundation
import Notifications
import Testing

/// Extensions in a box, with the real `faulty-push-extension` under the real `baton-box`: what an
/// extension forks is counted in its memory budget and ends with it, stopped or not.
@Suite struct ServiceExtensionContainmentTests {
    let fixture = ExtensionFixture()
    let short = ServiceExtensionLimits(deadline: .seconds(2), grace: .seconds(1))

    /// The pids the extension recorded (itself, then its grandchild).
    private func recordedPIDs() -> [pid_t] {
        let file = fixture.appGroup.appendingPathComponent("faulty-pids")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Polls until none of `pids` runs (gone or a zombie), up to 45 s: only a survivor reaches the limit.
    static func allEnd(_ pids: [pid_t]) async throws -> [pid_t] {
        let deadline = Date().addingTimeInterval(45)
        var alive = pids
        while true {
            alive = alive.filter(ProcessBox.isRunning)
            if alive.isEmpty || Date() >= deadline { return alive }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test func theSupervisorIsBuiltBesideTheExtensions() {
        #expect(ProcessBox.supervisor(in: ResourceLocator.executableDirectory()) != nil)
    }

    /// `PR_SET_PDEATHSIG` fires when the spawning *thread* ends: an extension spawned from a worker thread
    /// that then retires must keep running while the host lives (the supervisor killed it before).
    @Test func anExtensionOutlivesTheThreadThatSpawnedIt() async throws {
        let box = try #require(ProcessBox.supervisor(in: ResourceLocator.executableDirectory()))
        final class Spawned: @unchecked Sendable {
            var child: ChildProcess?
            var error: (any Error)?
            var thread: pid_t = 0
        }
        let spawned = Spawned()
        let thread = Thread {
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            spawned.thread = pid_t(link.split(separator: "/").last ?? "") ?? 0
            do {
                let child = try ChildProcess.spawn(
                    executable: "/bin/sleep", arguments: ["100000"], errorLog: nil, supervisor: box)
                spawned.child = child
                // The thread lives until the supervisor has asked for its death signal (it forks after).
                let children = "/proc/\(child.pid)/task/\(child.pid)/children"
                let deadline = Date().addingTimeInterval(45)
                while ((try? String(contentsOfFile: children, encoding: .utf8)) ?? "").isEmpty, Date() < deadline {
                    usleep(10_000)
                }
            } catch { spawned.error = error }
        }
        thread.start()
        while !thread.isFinished { try await Task.sleep(for: .milliseconds(10)) }
        let child = try #require(spawned.child, "spawn failed: \(String(describing: spawned.error))")
        try #require(spawned.thread > 0, "no thread id from /proc/thread-self")
        defer { _ = child.reap(grace: .zero) }
        // Once the kernel has released the thread (its /proc entry is gone) the death signal was sent.
        while FileManager.default.fileExists(atPath: "/proc/self/task/\(spawned.thread)") {
            try await Task.sleep(for: .milliseconds(10))
        }
        // The supervisor acts on it as soon as it runs; half a second is ample for it to have ended.
        try await Task.sleep(for: .milliseconds(500))
        #expect(ProcessBox.isRunning(child.pid), "the supervisor ended when its spawning thread did")
    }

    @Test func aGrandchildsMemoryCountsAndItIsKilledWithTheExtension() async throws {
        let outcome = fixture.run(fault: "forkGreedy", limits: short)
        guard case .memoryExceeded(let peak, let limit)? = outcome.failure else {
            Issue.record("expected memoryExceeded, got \(String(describing: outcome.failure))")
            return
        }
        #expect(peak > limit)
        #expect(outcome.content.title == "Hello")
        let pids = recordedPIDs()
        #expect(pids.count == 2, "\(pids)")
        #expect(try await Self.allEnd(pids).isEmpty, "survivors of \(pids)")
    }

    @Test func aStoppedExtensionAndItsGrandchildAreKilledAtTheDeadline() async throws {
        let outcome = fixture.run(fault: "forkStop", limits: short)
        #expect(outcome.failure == .timedOut(milliseconds: 3000), "\(String(describing: outcome.failure))")
        let pids = recordedPIDs()
        #expect(pids.count == 2, "\(pids)")
        #expect(try await Self.allEnd(pids).isEmpty, "survivors of \(pids)")
    }

    @Test func whatAnExtensionForksEndsWhenItAnswers() async throws {
        let outcome = fixture.run(fault: "forkReply")
        #expect(outcome.failure == nil, "\(String(describing: outcome.failure))")
        #expect(outcome.content.title == "Modified: Hello")
        let pids = recordedPIDs()
        #expect(pids.count == 2, "\(pids)")
        #expect(try await Self.allEnd(pids).isEmpty, "survivors of \(pids)")
    }
}
