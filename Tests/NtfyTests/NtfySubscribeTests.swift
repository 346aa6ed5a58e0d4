import Foundation
import Logging
import Notifications
import Synchronization
import Testing

@testable import NtfyServer

/// A value behind a lock that closures can share.
final class Locked<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
}

/// What the daemon was asked, for the service's tests: every add, refused with `refusal` when set.
final class RecordingSink: NtfySink {
    let adds = Mutex<[AddNotification]>([])
    let refusal: NtfyError?

    init(refusal: NtfyError? = nil) { self.refusal = refusal }

    func add(_ add: AddNotification) async -> NtfyError? {
        adds.withLock { $0.append(add) }
        return refusal
    }
}

/// The subscribe side in process: the cache's `since=` forms, ntfy's filters, several topics, delayed
/// messages held until their time (the scheduler is the test's), and the stream formats.
@Suite struct NtfySubscribeTests {
    /// A service on a clock the test moves, whose scheduled work the test runs.
    final class Harness: Sendable {
        let clock = Locked(NtfyPublishTests.now)
        let scheduled = Locked<[(TimeInterval, @Sendable () -> Void)]>([])
        let sink: RecordingSink
        let service: NtfyService

        init(refusal: NtfyError? = nil, tokens: NtfyTokens = NtfyTokens(), rateLimit: NtfyRateLimit = NtfyRateLimit()) {
            let sink = RecordingSink(refusal: refusal)
            self.sink = sink
            let clock = clock
            let scheduled = scheduled
            var service = NtfyService(
                sink: sink, device: "box:no-tty", logger: Logger(label: "test"), now: { clock.value.withLock { $0 } },
                schedule: { seconds, work in scheduled.value.withLock { $0.append((seconds, work)) } })
            service.tokens = { tokens }
            service.rateLimit = rateLimit
            self.service = service
        }

        func answer(_ method: String, _ uri: String, headers: [(String, String)] = [], body: String = "") async
            -> NtfyService.Answer
        {
            await service.answer(NtfyRequest(method: method, uri: uri, headers: headers, body: Array(body.utf8)))
        }

        func publish(_ topic: String, _ text: String, headers: [(String, String)] = []) async throws -> NtfyMessage {
            guard case .body(200, _, let data) = await answer("POST", "/" + topic, headers: headers, body: text) else {
                throw NtfyError.internalError
            }
            return try JSONDecoder().decode(NtfyMessage.self, from: data)
        }

        func stream(_ uri: String) async throws -> NtfyStream {
            guard case .stream(let stream) = await answer("GET", uri) else { throw NtfyError.notFound }
            return stream
        }
    }

    @Test func aPublishAnswersWithTheMessageAndReachesTheDaemonOnce() async throws {
        let harness = Harness()
        let message = try await harness.publish("backups", "Backup successful 😀")
        #expect(message.event == "message" && message.message == "Backup successful 😀")
        #expect(message.time == Int64(NtfyPublishTests.now.timeIntervalSince1970))
        #expect(harness.sink.adds.withLock { $0.count } == 1)
    }

    @Test func aRefusalOfTheDaemonIsNtfysErrorAndNothingIsCached() async throws {
        let harness = Harness(refusal: .unavailable)
        guard case .body(503, _, let data) = await harness.answer("POST", "/backups", body: "x") else {
            Issue.record("not refused")
            return
        }
        #expect(String(decoding: data, as: UTF8.self).contains("50301"))
        #expect(try await harness.stream("/backups/json?poll=1").cached.isEmpty)
    }

    @Test func sinceAllADurationATimeAnIdAndLatest() async throws {
        let harness = Harness()
        let first = try await harness.publish("a", "one")
        harness.clock.value.withLock { $0 += 600 }
        let second = try await harness.publish("a", "two")
        harness.clock.value.withLock { $0 += 600 }
        _ = try await harness.publish("b", "other topic")
        #expect(try await harness.stream("/a/json?poll=1").cached.map(\.message) == ["one", "two"])
        #expect(try await harness.stream("/a/json").cached.isEmpty)
        #expect(try await harness.stream("/a/json?since=all").cached.count == 2)
        #expect(try await harness.stream("/a/json?poll=1&since=15m").cached.map(\.message) == ["two"])
        #expect(try await harness.stream("/a/json?poll=1&since=\(second.time)").cached.map(\.id) == [second.id])
        #expect(try await harness.stream("/a/json?poll=1&since=\(first.id)").cached.map(\.id) == [second.id])
        #expect(try await harness.stream("/a/json?poll=1&since=latest").cached.map(\.id) == [second.id])
        #expect(try await harness.stream("/a,b/json?poll=1").cached.count == 3)
        guard case .body(400, _, let data) = await harness.answer("GET", "/a/json?since=yesterday-ish") else {
            Issue.record("since accepted")
            return
        }
        #expect(String(decoding: data, as: UTF8.self).contains("40008"))
    }

    @Test func filtersByPriorityTagsTitleAndMessage() async throws {
        let harness = Harness()
        _ = try await harness.publish("a", "low", headers: [("Priority", "2"), ("Tags", "x")])
        _ = try await harness.publish("a", "high", headers: [("Priority", "5"), ("Tags", "x,y"), ("Title", "T")])
        #expect(try await harness.stream("/a/json?poll=1&priority=4,5").cached.map(\.message) == ["high"])
        #expect(try await harness.stream("/a/json?poll=1&tags=x,y").cached.map(\.message) == ["high"])
        #expect(try await harness.stream("/a/json?poll=1&tags=x").cached.count == 2)
        #expect(try await harness.stream("/a/json?poll=1&title=T").cached.map(\.message) == ["high"])
        #expect(try await harness.stream("/a/json?poll=1&message=low").cached.map(\.message) == ["low"])
    }

    @Test func aDelayedMessageReachesSubscribersAtItsTimeAndScheduledShowsItBefore() async throws {
        let harness = Harness()
        let received = Mutex<[String]>([])
        let stream = try await harness.stream("/a/json")
        _ = harness.service.cache.subscribe(
            NtfyCache.Subscriber(topics: stream.topics, filter: stream.filter) { message in
                received.withLock { $0.append(message.message ?? "") }
            })
        _ = try await harness.publish("a", "later", headers: [("Delay", "10m")])
        #expect(received.withLock { $0 }.isEmpty)
        #expect(try await harness.stream("/a/json?poll=1").cached.isEmpty)
        #expect(try await harness.stream("/a/json?poll=1&scheduled=1").cached.map(\.message) == ["later"])
        let (seconds, release) = try #require(harness.scheduled.value.withLock { $0.first })
        #expect(seconds == 600)
        release()
        #expect(received.withLock { $0 } == ["later"])
    }

    @Test func theFormatsWriteAsNtfyDoes() async throws {
        let harness = Harness()
        let message = try await harness.publish("a", "two\nlines")
        let json = try await harness.stream("/a/json")
        let open = json.event("open", now: NtfyPublishTests.now)
        #expect(String(decoding: json.encode(open) ?? Data(), as: UTF8.self).contains(#""event":"open""#))
        let sse = try await harness.stream("/a/sse")
        let sseText = String(decoding: sse.encode(message) ?? Data(), as: UTF8.self)
        #expect(sseText.hasPrefix("id: \(message.id)\ndata: {") && sseText.hasSuffix("}\n\n"))
        #expect(String(decoding: sse.encode(open) ?? Data(), as: UTF8.self).hasPrefix("event: open\ndata: "))
        let raw = try await harness.stream("/a/raw")
        #expect(raw.encode(message) == Data("two lines\n".utf8))
        #expect(raw.encode(open) == nil)
        #expect(raw.encode(raw.event("keepalive", now: NtfyPublishTests.now)) == Data("\n".utf8))
    }

    @Test func unknownPathsAndTheHealthCheck() async {
        let harness = Harness()
        guard case .body(404, _, let data) = await harness.answer("GET", "/a/b/c") else {
            Issue.record("not 404")
            return
        }
        #expect(String(decoding: data, as: UTF8.self).contains("40401"))
        guard case .body(200, _, let health) = await harness.answer("GET", "/v1/health") else {
            Issue.record("no health")
            return
        }
        #expect(String(decoding: health, as: UTF8.self).contains(#""healthy":true"#))
    }
}
