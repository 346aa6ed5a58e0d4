import NIOCore
import NIOEmbedded
import Testing
import Wire

@testable import AccountClient

/// `DaemonLink`'s heartbeat on an `EmbeddedEventLoop`: a quiet link sends one `Heartbeat` per interval (what
/// keeps a follower past the daemon's `quietTimeout`), and a link that writes in every interval sends none.
@Suite struct HeartbeatSenderTests {
    @Test func aQuietLinkBeatsOncePerIntervalAndAnActiveOneNever() throws {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(handler: HeartbeatSender(interval: .seconds(15)), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        loop.advanceTime(by: .seconds(14))
        #expect(try channel.readOutbound(as: WireMessage.self) == nil)
        loop.advanceTime(by: .seconds(1))
        #expect(try channel.readOutbound(as: WireMessage.self) == .heartbeat(Heartbeat()))
        #expect(try channel.readOutbound(as: WireMessage.self) == nil)
        let ping = WireMessage.ping(Ping(requestID: 1))
        for _ in 0..<4 {
            try channel.writeOutbound(ping)
            #expect(try channel.readOutbound(as: WireMessage.self) == ping)
            loop.advanceTime(by: .seconds(15))
            #expect(try channel.readOutbound(as: WireMessage.self) == nil, "an active link sends no heartbeat")
        }
        loop.advanceTime(by: .seconds(15))
        #expect(try channel.readOutbound(as: WireMessage.self) == .heartbeat(Heartbeat()))
        _ = try channel.finish(acceptAlreadyClosed: true)
        loop.advanceTime(by: .seconds(60))
        #expect(try channel.readOutbound(as: WireMessage.self) == nil, "a closed link stops beating")
    }
}
