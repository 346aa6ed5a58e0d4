import Foundation
import Testing
import Wire

@testable import Handoff
@testable import MonkeyBrowser
@testable import TerminalUI

/// The history exchange of a continued tab over in-memory continuation streams: the request, the answer,
/// refusals, the timeout, and that no stream outlives its exchange.
@Suite struct HistoryExchangeTests {
    private static let sourceHistory = TabHistory(
        back: [HistoryEntry(url: "http://x.test/1", scroll: 4)],
        current: HistoryEntry(url: "http://x.test/2", scroll: 9),
        forward: [HistoryEntry(url: "http://x.test/3")])

    /// Runs one exchange between the two static halves; only weak references to the streams come back.
    private func exchange(answering history: TabHistory?) -> (
        link: InMemoryStreamLink, received: [TabHistory], finishes: Int
    ) {
        let link = InMemoryStreamLink()
        let (continuing, source) = link.makePairs()
        var received: [TabHistory] = []
        var finishes = 0
        HistoryExchange.request(
            device: "B", input: continuing.input, output: continuing.output, received: { received.append($0) },
            finished: { finishes += 1 })
        HistoryExchange.answer(input: source.input, output: source.output) { history }
        link.deliver()
        #expect(continuing.input.isFinished && continuing.output.isFinished)
        #expect(source.input.isFinished && source.output.isFinished)
        return (link, received, finishes)
    }

    @Test func theSourceAnswersWithItsHistoryAndEveryStreamIsReleased() {
        let (link, received, finishes) = exchange(answering: Self.sourceHistory)
        #expect(received == [Self.sourceHistory])
        #expect(finishes == 1)
        #expect(link.closes(from: .continuing) == [.output, .input])
        #expect(link.closes(from: .source) == [.input, .output])
        #expect(link.continuingInput == nil && link.continuingOutput == nil, "the handlers hold no stream")
        #expect(link.sourceInput == nil && link.sourceOutput == nil, "the handlers hold no stream")
    }

    @Test func aSourceWithoutTheTabEndsTheStreamsWithoutAnAnswer() {
        let (link, received, finishes) = exchange(answering: nil)
        #expect(received.isEmpty)
        #expect(finishes == 1, "the continuing side hears the end of stream once")
        #expect(link.continuingInput == nil && link.sourceInput == nil)
    }

    @Test(arguments: [Data("{\"want\":\"cookies\",\"device\":\"B\"}\n".utf8), Data("not json\n".utf8)])
    func theSourceRefusesAnyOtherRequest(_ request: Data) {
        let link = InMemoryStreamLink()
        let (continuing, source) = link.makePairs()
        var asked = false
        HistoryExchange.answer(input: source.input, output: source.output) {
            asked = true
            return Self.sourceHistory
        }
        var read = Data()
        continuing.input.onData = { read.append($0) }
        continuing.output.write(request)
        link.deliver()
        #expect(!asked)
        #expect(read.isEmpty)
        #expect(source.input.isFinished && source.output.isFinished)
    }

    @Test func theSourceStopsReadingAnOverlongRequest() {
        let link = InMemoryStreamLink()
        let (continuing, source) = link.makePairs()
        HistoryExchange.answer(input: source.input, output: source.output) { Self.sourceHistory }
        // More than the limit and no newline: without a stop the source would buffer whatever comes.
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        for _ in 0...(HistoryExchange.maximumBytes / chunk.count) {
            continuing.output.write(chunk)
            link.deliver()
        }
        #expect(source.input.isFinished && source.output.isFinished)
        #expect(link.closes(from: .source) == [.input, .output])
        #expect(continuing.output.isFinished, "the source's close stopped the writer")
    }

    @Test func theBrowserTakesOverTheSourceTabsHistory() async throws {
        let harness = try BrowserHarness()
        defer { harness.remove() }
        await harness.open()
        let tabID = harness.app.tabs[0].id
        let link = InMemoryStreamLink()
        do {
            let (continuing, source) = link.makePairs()
            harness.app.requestHistory(
                input: continuing.input, output: continuing.output, tabID: tabID, device: "A")
            harness.app.finish(harness.context)
            HistoryExchange.answer(input: source.input, output: source.output) { Self.sourceHistory }
            link.deliver()
        }
        let history = harness.app.tabs[0].history
        #expect(history.back == Self.sourceHistory.back)
        #expect(history.forward == Self.sourceHistory.forward)
        #expect(history.current?.scroll == 9)
        #expect(harness.app.historyExchanges.isEmpty)
        #expect(link.continuingInput == nil && link.continuingOutput == nil)
    }

    @Test func withoutAnAnswerTheBrowserClosesItsStreamsAtTheTimeout() async throws {
        let harness = try BrowserHarness(historyTimeout: .zero)
        defer { harness.remove() }
        await harness.open()
        let tabID = harness.app.tabs[0].id
        let before = harness.app.tabs[0].history
        let link = InMemoryStreamLink()
        var source: InMemoryStreamLink.Pair?
        do {
            let pairs = link.makePairs()
            source = pairs.source
            // The source reads the request and never answers.
            pairs.source.input.onData = { _ in }
            harness.app.requestHistory(
                input: pairs.continuing.input, output: pairs.continuing.output, tabID: tabID, device: "A")
            harness.app.finish(harness.context)
            link.deliver()
        }
        #expect(harness.app.historyExchanges[tabID] != nil)
        // The timeout is the browser's own timer: the loop would fire it when due.
        let timeout = LoopTimer(BrowserTimer.historyTimeout(tabID: tabID, exchange: harness.app.nextExchange))
        #expect(harness.timers[timeout] == 0)
        harness.fire(timeout)
        #expect(harness.app.historyExchanges.isEmpty, "the timeout ended the exchange")
        link.deliver()
        #expect(link.closes(from: .continuing) == [.output, .input])
        #expect(source?.output.isFinished == true, "the source's output was told to stop")
        #expect(harness.app.tabs[0].history == before)
        #expect(link.continuingInput == nil && link.continuingOutput == nil, "no stream outlives the exchange")
    }
}
