import AccountClient
import BatonEnvironment
import Foundation
import Testing
import Wire

@testable import Handoff

/// Half-closed continuation streams through a real daemon (the built `baton`): two in-process devices,
/// "source" advertising and "target" continuing, their events pumped on the test's task.
@Suite(.serialized) struct StreamHalfCloseDaemonTests {
    @Test func theTargetClosesItsOutputAfterTheRequestAndStillReadsTheReply() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let (stream, continuation) = AsyncStream<(Int, any Sendable)>.makeStream()
        var events = stream.makeAsyncIterator()
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        let configuration = AccountClient.Configuration(
            paths: paths, daemonExecutable: harness.binary,
            daemonEnvironment: harness.environment.merging(["BATON_HOME": harness.home.path]) { _, home in home })
        let sourceClient = AccountClient(configuration: configuration) { continuation.yield((0, $0)) }
        let targetClient = AccountClient(configuration: configuration) { continuation.yield((1, $0)) }
        defer {
            sourceClient.stop()
            targetClient.stop()
        }
        let source = HandoffCoordinator(deviceName: "source", client: sourceClient)
        let target = HandoffCoordinator(deviceName: "target", client: targetClient)
        let manifest = try AppManifest.load(from: URL(fileURLWithPath: BatonHarness.monkeyBrowser))
        let sourceApp = StreamHooks()
        let targetApp = StreamHooks()
        let app = source.register(manifest: manifest, hooks: sourceApp)
        target.register(manifest: manifest, hooks: targetApp)
        // The source answers only once the target's request has ended; its own direction still works then.
        var request = Data()
        var requestEnded: [HandoffError?] = []
        sourceApp.onStreams = { input, output in
            input.onData = { request.append($0) }
            input.onClose = { error in
                requestEnded.append(error)
                output.write(Data("reply to ".utf8) + request)
                output.close()
            }
        }

        /// Handles events until `done` holds; false when 60 seconds pass first (a guard against hangs).
        func pump(until done: () -> Bool) async -> Bool {
            let token = UInt64.max - UInt64.random(in: 0..<1000)
            sourceClient.post(after: .seconds(60), token: token)
            while !done() {
                guard let (device, event) = await events.next() else { return false }
                if case .timer(token) = event as? AccountEvent { return done() }
                (device == 0 ? source : target).handle(event)
            }
            return true
        }

        sourceClient.start()
        targetClient.start()
        let activity = UserActivity(activityType: BatonHarness.weather, app: app)
        activity.title = "Weather"
        activity.supportsContinuationStreams = true
        activity.delegate = sourceApp
        try activity.becomeCurrent()
        #expect(await pump { target.currentOffer?.sourceDevice == "source" })
        guard case .started = target.continueOffer() else {
            Issue.record("nothing to continue")
            return
        }
        #expect(await pump { targetApp.restored != nil || targetApp.failure != nil })
        let continued = try #require(targetApp.restored, "\(String(describing: targetApp.failure))")

        let (input, output) = try continued.getContinuationStreams()
        var reply = Data()
        var replyEnded: [HandoffError?] = []
        input.onData = { reply.append($0) }
        input.onClose = { replyEnded.append($0) }
        output.write(Data("history please".utf8))
        output.close()

        #expect(await pump { !replyEnded.isEmpty })
        #expect(String(decoding: reply, as: UTF8.self) == "reply to history please")
        #expect(replyEnded.count == 1 && replyEnded[0] == nil, "a clean end of stream, not a failure")
        #expect(requestEnded.count == 1 && requestEnded[0] == nil)
        #expect(await pump { source.streams.isEmpty && target.streams.isEmpty }, "both pairs released")
    }
}
