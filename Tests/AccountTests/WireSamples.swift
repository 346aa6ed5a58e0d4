import Foundation
import Wire

/// One message of every kind, with a value in every field (optional ones included where they exist), for
/// the round-trip test of every kind.
enum WireSamples {
    static let date = Date(timeIntervalSince1970: 1_780_000_000.5)
    static let app = AppDescriptor(bundleIdentifier: "com.example.reader", teamIdentifier: "T", activityTypes: ["read"])
    static let advertisement = Advertisement(
        device: "laptop", bundleIdentifier: "com.example.reader", teamIdentifier: "T", activityType: "read",
        title: "Chapter «7»", sequence: 7, webpageURL: URL(string: "https://example.com/7"),
        supportsContinuationStreams: true, advertisedAt: date)
    static let failure = WireFailure(code: WireFailure.remoteAppTimedOut, message: "too slow")
    static let entry = KeyValueEntry(key: "colour", value: .string("red"), revision: 9, modified: date, writer: "phone")

    static let messages: [WireMessage] = [
        .registerDevice(RegisterDevice(name: "laptop", pid: 41, apps: [app], machine: "desk")),
        .registered(Registered(device: "laptop", daemonPID: 40)),
        .advertise(advertisement),
        .withdraw(Withdraw(sequence: 7)),
        .offer(Offer(advertisement: advertisement, target: .app(bundleIdentifier: "com.example.reader"))),
        .offerWithdrawn(OfferWithdrawn(device: "laptop", sequence: 7)),
        .continueRequest(ContinueRequest(requestID: 1, device: "laptop", sequence: 7)),
        .payloadRequest(PayloadRequest(requestID: 2, sequence: 7, target: "desk")),
        .payloadResponse(PayloadResponse(requestID: 2, userInfo: ["page": .int(12)], failure: nil)),
        .continueReply(ContinueReply(requestID: 1, advertisement: advertisement, userInfo: nil, failure: failure)),
        .wasContinued(WasContinued(sequence: 7, by: "desk")),
        .streamOpen(StreamOpen(streamID: "s1", device: "laptop", sequence: 7)),
        .streamData(StreamData(streamID: "s1", bytes: Data([0, 1, 2, 255]))),
        .streamCredit(StreamCredit(streamID: "s1", bytes: 4096)),
        .streamClose(StreamClose(streamID: "s1", half: .output, failure: failure)),
        .error(ErrorMessage(requestID: 3, failure: failure)),
        .ping(Ping(requestID: 4)),
        .pong(Pong(requestID: 4, daemonPID: 40, startedAt: date, connectedDevices: 2)),
        .heartbeat(Heartbeat()),
        .shutdown(Shutdown()),
        .devicesQuery(DevicesQuery(requestID: 5)),
        .devicesReply(
            DevicesReply(
                requestID: 5,
                devices: [
                    DeviceSummary(
                        name: "laptop", pid: 41, apps: [app], connectedSince: date, currentActivity: advertisement)
                ])),
        .activitiesQuery(ActivitiesQuery(requestID: 6)),
        .activitiesReply(ActivitiesReply(requestID: 6, activities: [advertisement])),
        .activitiesWatch(ActivitiesWatch(requestID: 11)),
        .activityChanged(ActivityChanged(device: "laptop", pid: 41, apps: [app], activity: advertisement)),
        .keyValueWrite(
            KeyValueWrite(
                requestID: 7, key: "colour", value: .array([.bool(true), .double(1.5)]), writeID: 3, writer: "cli")),
        .keyValueWritten(KeyValueWritten(requestID: 7, key: "colour", writeID: 3, revision: 9)),
        .keyValueRejected(
            KeyValueRejected(
                requestID: 8, key: "colour", writeID: 4, reason: .quotaExceeded(key: "colour", size: 2, limit: 1),
                current: entry)),
        .keyValueFetch(KeyValueFetch(requestID: 9, subscribe: true)),
        .keyValueSnapshot(
            KeyValueSnapshot(requestID: 9, storeID: "store", revision: 9, entries: [entry], piece: 1, pieceCount: 2)),
        .keyValueChanged(KeyValueChanged(entries: [entry])),
        .notification(NotificationEnvelope(kind: "add", requestID: 10, body: #"{"identifier":"n"}"#)),
        .linkHello(LinkHello(requestID: 11, token: "1f-2e-3d-4c")),
        .linkGranted(LinkGranted(requestID: 11)),
    ]

    /// Each message as `kind<TAB>JSON`, one line each.
    static func lines() throws -> [String] {
        try messages.map { message in
            "\(message.kind)\t" + String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
        }
    }
}
