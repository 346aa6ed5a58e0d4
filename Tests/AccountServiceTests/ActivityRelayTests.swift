import Foundation
import TestSupport
import Testing
import Wire

extension InProcessServices {
    /// The activity relay in process: offers, continues and their failures (4608, 4610, 4611), and
    /// continuation streams relayed between the two devices.
    @Suite struct ActivityRelayTests {
        /// A source advertising `Reader`'s activity and a target that can continue it, the offer delivered.
        func offered(in daemon: InProcessDaemon, streams: Bool = false) throws -> (RawDaemonSocket, RawDaemonSocket) {
            let source = try daemon.device("source", apps: [Reader.app])
            let target = try daemon.device("target", apps: [Reader.app])
            try source.send(.advertise(Reader.advertisement(sequence: 5, streams: streams)))
            guard case .offer = target.next("offer") else { throw RelayTestError.noOffer }
            return (source, target)
        }

        func continueReply(_ target: RawDaemonSocket) -> ContinueReply? {
            guard case .continueReply(let reply) = target.next("continueReply") else { return nil }
            return reply
        }

        @Test func anAdvertisementIsOfferedToDevicesThatCanContinueIt() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let source = try daemon.device("source", apps: [Reader.app])
            let target = try daemon.device("target", apps: [Reader.app])
            let bystander = try daemon.device("bystander")
            try source.send(.advertise(Reader.advertisement(sequence: 1)))
            guard case .offer(let offer) = target.next("offer") else {
                Issue.record("the target got no offer")
                return
            }
            #expect(offer.target == .app(bundleIdentifier: Reader.app.bundleIdentifier))
            #expect(offer.advertisement.device == "source")
            #expect(offer.advertisement.advertisedAt == daemon.clock.now())
            // A device without the app and with no web page to open is told there is nothing for it.
            guard case .offerWithdrawn = bystander.nextMessage() else {
                Issue.record("the bystander was offered an activity it cannot continue")
                return
            }
            // A device that registers later is offered what is current.
            let late = try daemon.connect()
            try late.send(.registerDevice(RegisterDevice(name: "late", pid: 1, apps: [Reader.app])))
            #expect(late.next("registered") != nil)
            guard case .offer(let lateOffer) = late.nextMessage() else {
                Issue.record("a late device was not offered the current activity")
                return
            }
            #expect(lateOffer.advertisement.sequence == 1)
            // An older advertisement never replaces a newer one; a withdrawal is broadcast.
            try source.send(.advertise(Reader.advertisement(sequence: 0)))
            try source.send(.withdraw(Withdraw(sequence: 1)))
            guard case .offerWithdrawn(let withdrawn) = target.nextMessage() else {
                Issue.record("the withdrawal did not reach the target")
                return
            }
            #expect(withdrawn.sequence == 1)
        }

        @Test func aContinueFetchesThePayloadFromTheSource() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let (source, target) = try offered(in: daemon)
            try target.send(.continueRequest(ContinueRequest(requestID: 70, device: "source", sequence: 5)))
            guard case .payloadRequest(let request) = source.next("payloadRequest") else {
                Issue.record("the source was not asked for the payload")
                return
            }
            #expect(request.sequence == 5)
            try source.send(
                .payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: ["page": .int(12)])))
            let reply = try #require(continueReply(target))
            #expect(reply.requestID == 70)
            #expect(reply.failure == nil)
            #expect(reply.userInfo == ["page": .int(12)])
            guard case .wasContinued(let continued) = source.next("wasContinued") else {
                Issue.record("the source was not told it was continued")
                return
            }
            #expect(continued.by == "target")
        }

        @Test func aContinueOfAnActivityNoLongerOfferedFailsWith4608() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let (source, target) = try offered(in: daemon)
            try withExtendedLifetime(source) {
                try target.send(.continueRequest(ContinueRequest(requestID: 1, device: "source", sequence: 4)))
                let stale = continueReply(target)?.failure
                #expect(stale?.code == WireFailure.handoffFailed)
                #expect(stale?.message.contains("no longer offers that activity") == true)
                try target.send(.continueRequest(ContinueRequest(requestID: 2, device: "nobody", sequence: 5)))
                #expect(continueReply(target)?.failure?.code == WireFailure.handoffFailed)
            }
        }

        @Test func aSourceThatLeavesMidContinueFailsItWith4608() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            var (source, target): (RawDaemonSocket?, RawDaemonSocket) = try offered(in: daemon)
            try target.send(.continueRequest(ContinueRequest(requestID: 3, device: "source", sequence: 5)))
            #expect(source?.next("payloadRequest") != nil)
            source = nil
            let reply = try #require(continueReply(target))
            #expect(reply.failure?.code == WireFailure.handoffFailed)
            #expect(reply.failure?.message.contains("went away") == true)
        }

        @Test func aSourceThatDoesNotAnswerInTimeFailsTheContinueWith4610() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let (source, target) = try offered(in: daemon)
            try target.send(.continueRequest(ContinueRequest(requestID: 4, device: "source", sequence: 5)))
            guard case .payloadRequest(let request) = source.next("payloadRequest") else {
                Issue.record("the source was not asked for the payload")
                return
            }
            let timeout = Double(InProcessDaemon.continueTimeout.nanoseconds) / 1e9
            try daemon.advance(by: timeout - 1)
            // Not yet: the target's ping is answered before any reply.
            try target.send(.ping(Ping(requestID: 5)))
            guard case .pong = target.nextMessage() else {
                Issue.record("the continue failed before its timeout")
                return
            }
            try daemon.advance(by: 1)
            let reply = try #require(continueReply(target))
            #expect(reply.requestID == 4)
            #expect(reply.failure?.code == WireFailure.remoteAppTimedOut)
            // The payload arriving late is ignored.
            try source.send(.payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: [:])))
            try target.send(.ping(Ping(requestID: 6)))
            guard case .pong = target.nextMessage() else {
                Issue.record("a late payload still reached the target")
                return
            }
        }

        @Test func aPayloadOverTheLimitFailsTheContinueWith4611() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let (source, target) = try offered(in: daemon)
            try target.send(.continueRequest(ContinueRequest(requestID: 8, device: "source", sequence: 5)))
            guard case .payloadRequest(let request) = source.next("payloadRequest") else {
                Issue.record("the source was not asked for the payload")
                return
            }
            let big = String(repeating: "x", count: WireLimits.maxUserInfoBytes + 1)
            try source.send(
                .payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: ["text": .string(big)])))
            let reply = try #require(continueReply(target))
            #expect(reply.failure?.code == WireFailure.userInfoTooLarge)
        }

        @Test func aContinuationStreamIsRelayedBothWaysAndClosedInHalves() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let (source, target) = try offered(in: daemon, streams: true)
            try target.send(.streamOpen(StreamOpen(streamID: "s1", device: "source", sequence: 5)))
            guard case .streamOpen(let opened) = source.next("streamOpen") else {
                Issue.record("the source did not get the stream")
                return
            }
            #expect(opened.device == "target")
            try target.send(.streamData(StreamData(streamID: "s1", bytes: Data("hello".utf8))))
            guard case .streamData(let toSource) = source.nextMessage() else {
                Issue.record("data did not reach the source")
                return
            }
            #expect(toSource.bytes == Data("hello".utf8))
            try source.send(.streamCredit(StreamCredit(streamID: "s1", bytes: 5)))
            try source.send(.streamData(StreamData(streamID: "s1", bytes: Data("back".utf8))))
            guard case .streamCredit(let credit) = target.nextMessage(),
                case .streamData(let toTarget) = target.nextMessage()
            else {
                Issue.record("credit and data did not reach the target in order")
                return
            }
            #expect(credit.bytes == 5)
            #expect(toTarget.bytes == Data("back".utf8))
            // Each side closes its output: the pair is released, and a later message for it is an error.
            try target.send(.streamClose(StreamClose(streamID: "s1", half: .output)))
            try source.send(.streamClose(StreamClose(streamID: "s1", half: .output)))
            #expect(source.next("streamClose") != nil)
            #expect(target.next("streamClose") != nil)
            try target.send(.streamData(StreamData(streamID: "other", bytes: Data())))
            guard case .error(let error) = target.nextMessage() else {
                Issue.record("data for an unknown stream was not refused")
                return
            }
            #expect(error.failure.code == WireFailure.notFound)
        }

        @Test func aStreamForAnActivityWithoutStreamsIsRefused() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let (source, target) = try offered(in: daemon, streams: false)
            try target.send(.streamOpen(StreamOpen(streamID: "s2", device: "source", sequence: 5)))
            guard case .streamClose(let close) = target.nextMessage() else {
                Issue.record("the stream was not refused")
                return
            }
            #expect(close.failure?.code == WireFailure.handoffFailed)
            #expect(close.failure?.message.contains("does not support continuation streams") == true)
            withExtendedLifetime(source) {}
        }
    }
}

enum RelayTestError: Error {
    case noOffer
}
