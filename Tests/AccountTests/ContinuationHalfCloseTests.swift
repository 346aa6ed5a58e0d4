import AccountClient
import Foundation
import Testing
import Wire

@testable import Handoff

/// Half-close of continuation streams, on the stream objects alone (the messages they send are recorded).
@Suite struct ContinuationHalfCloseTests {
    private final class Sent {
        var messages: [WireMessage] = []
        var closes: [StreamClose] {
            messages.compactMap { if case .streamClose(let close) = $0 { close } else { nil } }
        }
        var credits: Int { messages.filter { if case .streamCredit = $0 { true } else { false } }.count }
    }

    @Test func closingTheOutputSendsAnEndOfStreamForThatDirectionOnly() {
        let sent = Sent()
        let output = ContinuationOutputStream(streamID: "s", send: { sent.messages.append($0) })
        output.write(Data("request".utf8))
        output.close()
        #expect(sent.closes == [StreamClose(streamID: "s", half: .output)])
        #expect(output.isFinished)
        output.write(Data("late".utf8))
        output.close()
        #expect(sent.messages.count == 2, "nothing is sent after the close")
    }

    @Test func thePeersEndOfStreamEndsTheInputWithoutAnError() {
        let sent = Sent()
        let input = ContinuationInputStream(streamID: "s", send: { sent.messages.append($0) })
        var read = Data()
        var endings: [HandoffError?] = []
        input.onData = { read.append($0) }
        input.onClose = { endings.append($0) }
        input.receive(Data("reply".utf8))
        input.end(nil)
        #expect(read == Data("reply".utf8))
        #expect(endings.count == 1 && endings[0] == nil)
        #expect(input.isFinished)
        input.receive(Data("late".utf8))
        input.end(HandoffError(.handoffFailed, "gone"))
        #expect(read == Data("reply".utf8) && endings.count == 1, "nothing after the end")
        input.close()
        #expect(sent.closes.isEmpty, "the direction was already over: no close is sent")
    }

    @Test func dataWaitingAtTheEndIsDeliveredWithoutCredit() {
        let sent = Sent()
        let input = ContinuationInputStream(streamID: "s", send: { sent.messages.append($0) })
        input.receive(Data(count: 5))
        input.end(nil)
        var read = 0
        var ended = false
        input.onData = { read += $0.count }
        input.onClose = { ended = $0 == nil }
        #expect(read == 5 && ended)
        #expect(sent.credits == 0, "no credit once the writer has finished")
    }

    @Test func closingTheInputTellsThePeerAndStopsDelivery() {
        let sent = Sent()
        let input = ContinuationInputStream(streamID: "s", send: { sent.messages.append($0) })
        var read = 0
        var closed = false
        input.onData = { read += $0.count }
        input.onClose = { _ in closed = true }
        input.close()
        #expect(sent.closes == [StreamClose(streamID: "s", half: .input)])
        input.receive(Data(count: 3))
        input.end(nil)
        #expect(read == 0 && !closed, "nothing is delivered after the reader closed")
        #expect(sent.credits == 0)
    }

    @Test func thePeerStoppingToReadEndsTheOutputQuietly() {
        let sent = Sent()
        let output = ContinuationOutputStream(streamID: "s", send: { sent.messages.append($0) })
        output.write(Data(count: WireLimits.initialStreamCredit + 10))
        #expect(output.bufferedBytes == 10)
        output.end()
        #expect(output.bufferedBytes == 0 && output.isFinished)
        output.grant(100)
        output.close()
        #expect(sent.closes.isEmpty)
    }
}

/// Half-close through the coordinator: which pair is kept and when it is released (no daemon).
@Suite struct CoordinatorHalfCloseTests {
    /// What the source side's delegate got: the pair and what its input delivered.
    private final class Source {
        var input: ContinuationInputStream?
        var output: ContinuationOutputStream?
        var received = Data()
        var endings: [HandoffError?] = []
    }

    private let hooks = StreamHooks()
    private let source = Source()
    private let coordinator: HandoffCoordinator
    private let activity: UserActivity

    init() throws {
        let (coordinator, app) = OfflineCoordinator.make(hooks: hooks)
        self.coordinator = coordinator
        activity = UserActivity(activityType: OfflineCoordinator.probeType, app: app)
        activity.supportsContinuationStreams = true
        activity.delegate = hooks
        hooks.onStreams = { [source] input, output in
            source.input = input
            source.output = output
            input.onData = { source.received.append($0) }
            input.onClose = { source.endings.append($0) }
        }
        try activity.becomeCurrent()
    }

    private func open() throws {
        let sequence = try #require(activity.sequence)
        #expect(
            coordinator.handle(
                AccountEvent.message(.streamOpen(StreamOpen(streamID: "s", device: "t", sequence: sequence)))))
        try #require(source.output != nil)
    }

    private func deliver(_ message: WireMessage) {
        #expect(coordinator.handle(AccountEvent.message(message)))
    }

    @Test func thePeersEndOfStreamKeepsTheOutputOpenUntilItCloses() throws {
        try open()
        deliver(.streamData(StreamData(streamID: "s", bytes: Data("request".utf8))))
        deliver(.streamClose(StreamClose(streamID: "s", half: .output)))
        #expect(source.received == Data("request".utf8))
        #expect(source.endings.count == 1 && source.endings[0] == nil)
        #expect(source.output?.isFinished == false, "the source's output keeps working")
        #expect(coordinator.streams["s"] != nil, "half open: the pair is kept")
        deliver(.streamCredit(StreamCredit(streamID: "s", bytes: 10)))
        source.output?.write(Data("reply".utf8))
        source.output?.close()
        #expect(coordinator.streams["s"] == nil, "both directions closed: released")
    }

    @Test func closingTheOutputFirstKeepsTheInputUntilThePeerEnds() throws {
        try open()
        source.output?.close()
        #expect(coordinator.streams["s"] != nil)
        deliver(.streamData(StreamData(streamID: "s", bytes: Data("more".utf8))))
        #expect(source.received == Data("more".utf8), "the input still reads after the output closed")
        deliver(.streamClose(StreamClose(streamID: "s", half: .output)))
        #expect(coordinator.streams["s"] == nil)
    }

    @Test func thePeerClosingItsInputEndsOnlyTheOutput() throws {
        try open()
        deliver(.streamClose(StreamClose(streamID: "s", half: .input)))
        #expect(source.output?.isFinished == true)
        #expect(source.endings.isEmpty && coordinator.streams["s"] != nil)
        source.input?.close()
        #expect(coordinator.streams["s"] == nil)
    }

    @Test func aFailureEndsBothDirectionsAtOnce() throws {
        try open()
        let failure = WireFailure(code: WireFailure.handoffFailed, message: "device 't' went away")
        deliver(.streamClose(StreamClose(streamID: "s", failure: failure)))
        #expect(source.endings.count == 1 && source.endings[0]?.code == .handoffFailed)
        #expect(source.output?.isFinished == true && coordinator.streams["s"] == nil)
    }

    @Test func losingTheDaemonEndsEveryPair() throws {
        try open()
        #expect(coordinator.handle(AccountEvent.disconnected))
        #expect(source.endings.count == 1 && source.endings[0]?.code == .connectionUnavailable)
        #expect(coordinator.streams.isEmpty)
    }

    @Test func anInputThatIsOverLetsGoOfHandlersThatCaptureIt() {
        weak var closedHere: ContinuationInputStream?
        weak var endedByPeer: ContinuationInputStream?
        do {
            let input = ContinuationInputStream(streamID: "a", send: { _ in })
            input.onData = { _ in input.close() }
            input.receive(Data("x".utf8))
            closedHere = input
            let other = ContinuationInputStream(streamID: "b", send: { _ in })
            other.onData = { _ in _ = other.streamID }
            other.onClose = { _ in _ = other.streamID }
            other.end(nil)
            endedByPeer = other
        }
        #expect(closedHere == nil, "closed here: the handler capturing the stream is dropped")
        #expect(endedByPeer == nil, "ended by the peer and told: the handlers are dropped")
    }
}
