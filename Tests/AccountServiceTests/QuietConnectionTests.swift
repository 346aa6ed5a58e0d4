import Foundation
import NIOCore
import TestSupport
import Testing
import Wire

@testable import AccountService

extension InProcessServices {
    /// Issue 36, finding 4: connections that sent one frame and went quiet held the daemon's connection cap
    /// for ever (the idle timeout applied only before the first frame). Waits are on the daemon's answers, with
    /// hang guards far above the 1.5 s timeout; nothing here depends on how fast the machine is.
    @Suite struct QuietConnectionTests {
        static let limits: DaemonLimits = {
            var limits = DaemonLimits(maxConnections: 8)
            limits.quietTimeout = .milliseconds(1500)
            return limits
        }()

        @Test func connectionsQuietAfterOnePingAreClosedAndANewClientIsServed() throws {
            let daemon = try InProcessDaemon(limits: Self.limits)
            defer { daemon.stop() }
            let quiet = try (0..<8).map { index in
                let socket = try daemon.connect()
                #expect(try socket.ping(UInt64(index)) != nil)
                return socket
            }
            // At the cap: the ninth is refused while the eight hold it.
            let refused = try daemon.connect()
            guard case .error(let refusal) = refused.next(where: { _ in true }) else {
                Issue.record("a client over the cap was not refused")
                return
            }
            #expect(refusal.failure.message.contains("already serves 8 connections"))
            // Before the fix none of these come: the eight stay for ever.
            let deadline = Date().addingTimeInterval(60)
            for socket in quiet {
                let left = max(deadline.timeIntervalSinceNow, 0.1)
                guard case .error(let error) = socket.next(limit: left, where: { $0.kind == "error" }) else {
                    Issue.record("a quiet client was not closed")
                    continue
                }
                #expect(error.failure.message.contains("nothing heard for 1500 ms"), "\(error.failure.message)")
                #expect(socket.closedByPeer(limit: 10))
            }
            let next = try daemon.connect()
            #expect(try next.ping(99) != nil, "a new client is served once the quiet ones are gone")
        }

        @Test func aQuietButHeartbeatingClientIsNotClosed() throws {
            let daemon = try InProcessDaemon(limits: Self.limits)
            defer { daemon.stop() }
            let follower = try daemon.connect()
            #expect(try follower.ping(1) != nil)
            let quiet = try daemon.connect()
            #expect(try quiet.ping(2) != nil)
            // The follower beats every 100 ms (as `DaemonLink` does every 15 s) until the quiet one is closed,
            // which proves a whole timeout passed since the follower's last request.
            let deadline = Date().addingTimeInterval(60)
            var closed = false
            while !closed, Date() < deadline {
                try follower.send(.heartbeat(Heartbeat()))
                closed = quiet.closedByPeer(limit: 0.1)
            }
            #expect(closed, "the quiet client was not closed")
            #expect(try follower.ping(3) != nil, "the heartbeating follower is still served")
        }
    }
}
