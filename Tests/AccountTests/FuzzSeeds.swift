import Foundation
import NIOCore
import Wire

/// The fuzz targets' seed corpus (Fuzz/Corpus): real frames and values written by Baton's own encoders.
///
/// `FuzzSeedCorpusTests` checks that the committed files still read back as these messages and values;
/// `BATON_UPDATE_FUZZ_SEEDS=1` rewrites them.
enum FuzzSeeds {
    /// One connection's bytes for `wire-frame-fuzz`: a chunking byte (see its `ChunkPlan`), then frames.
    struct Stream {
        var name: String
        var chunking: UInt8
        var messages: [WireMessage]
        /// Raw bodies framed before the messages (bad frames the decoder must skip).
        var badBodies: [String] = []
    }

    /// One value for `property-list-fuzz`: the form byte (0 tagged value, 1 userInfo, 2 plain JSON), then JSON.
    struct Value {
        var name: String
        var form: UInt8
        var value: PropertyListValue
    }

    static let corpus = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fuzz/Corpus")

    private static let moment = Date(timeIntervalSince1970: 1_790_000_000.25)

    private static let advertisement = Advertisement(
        device: "box:pts-3", bundleIdentifier: "org.baton.monkey", teamIdentifier: "BATON",
        activityType: "org.baton.monkey.browsing", title: "Monkey — the front page", sequence: 12,
        webpageURL: URL(string: "https://example.com/a?b=c#d"), supportsContinuationStreams: true,
        advertisedAt: moment)

    private static let userInfo: [String: PropertyListValue] = [
        "string": .string("héllo \"quoted\"\n"), "int": .int(-42), "double": .double(2.5), "bool": .bool(false),
        "date": .date(moment), "data": .data(Data([0, 1, 254, 255])), "url": .url(URL(string: "file:///tmp/x")!),
        "array": .array([.int(1), .double(1), .bool(true), .null]), "set": .set([.string("a")]),
        "dictionary": .dictionary(["nested": .dictionary(["deeper": .array([])])]),
    ]

    private static let entry = KeyValueEntry(
        key: "theme", value: .string("dark"), revision: 7, modified: moment, writer: "box:pts-3")
    private static let removed = KeyValueEntry(
        key: "gone", value: nil, revision: 8, modified: moment, writer: "cli")

    static let streams: [Stream] = [
        Stream(name: "ping", chunking: 0, messages: [.ping(Ping(requestID: 1))]),
        Stream(
            name: "register-and-advertise", chunking: 1,
            messages: [
                .registerDevice(
                    RegisterDevice(
                        name: "box:pts-3", pid: 4242,
                        apps: [
                            AppDescriptor(
                                bundleIdentifier: "org.baton.monkey", teamIdentifier: "BATON",
                                activityTypes: ["org.baton.monkey.browsing"])
                        ])),
                .advertise(advertisement),
            ]),
        Stream(
            name: "offers", chunking: 5,
            messages: [
                .offer(Offer(advertisement: advertisement, target: .webpage)),
                .offer(Offer(advertisement: advertisement, target: .app(bundleIdentifier: "org.baton.stores"))),
                .offerWithdrawn(OfferWithdrawn(device: "box:pts-3", sequence: 12)),
                .withdraw(Withdraw(sequence: 12)),
            ]),
        Stream(
            name: "continue", chunking: 6,
            messages: [
                .continueRequest(ContinueRequest(requestID: 3, device: "box:pts-3", sequence: 12)),
                .payloadRequest(PayloadRequest(requestID: 3, sequence: 12)),
                .payloadResponse(PayloadResponse(requestID: 3, userInfo: userInfo)),
                .continueReply(ContinueReply(requestID: 3, advertisement: advertisement, userInfo: userInfo)),
                .wasContinued(WasContinued(sequence: 12, by: "box:pts-4")),
            ]),
        Stream(
            name: "continue-failed", chunking: 0,
            messages: [
                .payloadResponse(
                    PayloadResponse(
                        requestID: 4, userInfo: nil,
                        failure: WireFailure(code: WireFailure.userInfoTooLarge, message: "too large"))),
                .continueReply(
                    ContinueReply(
                        requestID: 4, advertisement: nil, userInfo: nil,
                        failure: WireFailure(code: WireFailure.remoteAppTimedOut, message: "timed out"))),
            ]),
        Stream(
            name: "streams", chunking: 3,
            messages: [
                .streamOpen(StreamOpen(streamID: "s-1", device: "box:pts-3", sequence: 12)),
                .streamData(StreamData(streamID: "s-1", bytes: Data("line one\nline two\n".utf8))),
                .streamCredit(StreamCredit(streamID: "s-1", bytes: WireLimits.initialStreamCredit)),
                .streamClose(StreamClose(streamID: "s-1", half: .output)),
                .streamClose(
                    StreamClose(streamID: "s-1", failure: WireFailure(code: WireFailure.handoffFailed, message: "x"))),
            ]),
        Stream(
            name: "control", chunking: 4,
            messages: [
                .error(ErrorMessage(requestID: nil, failure: WireFailure(code: 400, message: "unknown kind 'x'"))),
                .pong(Pong(requestID: 1, daemonPID: 99, startedAt: moment, connectedDevices: 2)),
                .registered(Registered(device: "box:pts-3", daemonPID: 99)),
                .shutdown(Shutdown()),
            ]),
        Stream(
            name: "queries", chunking: 7,
            messages: [
                .devicesQuery(DevicesQuery(requestID: 5)),
                .devicesReply(
                    DevicesReply(
                        requestID: 5,
                        devices: [
                            DeviceSummary(
                                name: "box:pts-3", pid: 4242, apps: [], connectedSince: moment,
                                currentActivity: advertisement)
                        ])),
                .activitiesQuery(ActivitiesQuery(requestID: 6)),
                .activitiesReply(ActivitiesReply(requestID: 6, activities: [advertisement])),
            ]),
        Stream(
            name: "key-value-writes", chunking: 2,
            messages: [
                .keyValueWrite(KeyValueWrite(requestID: 7, key: "theme", value: .string("dark"), writeID: 1)),
                .keyValueWrite(KeyValueWrite(requestID: 8, key: "gone", value: nil, writer: "cli")),
                .keyValueWritten(KeyValueWritten(requestID: 7, key: "theme", writeID: 1, revision: 7)),
                .keyValueRejected(
                    KeyValueRejected(
                        requestID: 9, key: "big", writeID: 2,
                        reason: .quotaExceeded(key: "big", size: 1_000_001, limit: KeyValueLimits.maxTotalBytes),
                        current: entry)),
            ]),
        Stream(
            name: "key-value-snapshot", chunking: 6,
            messages: [
                .keyValueFetch(KeyValueFetch(requestID: 10, subscribe: true)),
                .keyValueSnapshot(
                    KeyValueSnapshot(
                        requestID: 10, storeID: "store-1", revision: 8, entries: [entry], piece: 0, pieceCount: 2)),
                .keyValueSnapshot(
                    KeyValueSnapshot(
                        requestID: 10, storeID: "store-1", revision: 8, entries: [removed], piece: 1, pieceCount: 2)),
                .keyValueChanged(KeyValueChanged(entries: [entry, removed])),
            ]),
        Stream(
            name: "bad-frames-then-ping", chunking: 0, messages: [.ping(Ping(requestID: 2))],
            badBodies: [#"{"kind":"teleport","body":{}}"#, "{not json"]),
    ]

    static let values: [Value] = [
        Value(name: "tagged-dictionary", form: 0, value: .dictionary(userInfo)),
        Value(name: "tagged-string", form: 0, value: .string("plain")),
        Value(name: "tagged-date", form: 0, value: .date(moment)),
        Value(name: "tagged-set", form: 0, value: .set([.int(1), .double(1), .bool(true)])),
        Value(name: "user-info", form: 1, value: .dictionary(userInfo)),
        Value(
            name: "plain-object", form: 2,
            value: .dictionary([
                "a": .int(1), "b": .double(2.5), "c": .bool(true), "d": .null, "e": .array([.string("x")]),
            ])),
        Value(name: "plain-number", form: 2, value: .int(9_007_199_254_740_993)),
    ]

    /// The bytes of a stream seed: its chunking byte, its bad frames, then its messages as frames.
    static func bytes(of stream: Stream) throws -> Data {
        var buffer = ByteBuffer()
        buffer.writeInteger(stream.chunking)
        for body in stream.badBodies {
            FrameHeader(length: body.utf8.count).write(to: &buffer)
            buffer.writeString(body)
        }
        for message in stream.messages { try FrameCodec.encode(message, into: &buffer) }
        return Data(buffer.readableBytesView)
    }

    /// The bytes of a value seed: its form byte, then the value as that form writes it.
    static func bytes(of seed: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json: Data
        switch seed.form {
        case 1:
            guard case .dictionary(let userInfo) = seed.value else { return Data() }
            json = try encoder.encode(userInfo)
        case 2: json = try JSONSerialization.data(withJSONObject: seed.value.jsonObject, options: .fragmentsAllowed)
        default: json = try encoder.encode(seed.value)
        }
        return Data([seed.form]) + json
    }
}
