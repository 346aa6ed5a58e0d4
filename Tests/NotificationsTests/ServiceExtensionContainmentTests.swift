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
