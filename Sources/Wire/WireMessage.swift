import BatonEnvironment

/// The family a message belongs to; the daemon routes each family to one service.
///
/// New services (key-value store, notifications) add a family and their messages.
public enum MessageFamily: String, Codable, Sendable, CaseIterable {
    case device, activity, stream, control, query, keyValue, notification, link
}

/// Every message between a client and the daemon. On the wire: `{"kind": "...", "body": {...}}`.
public enum WireMessage: Hashable, Sendable {
    case registerDevice(RegisterDevice)
    case registered(Registered)
    case advertise(Advertisement)
    case withdraw(Withdraw)
    case offer(Offer)
    case offerWithdrawn(OfferWithdrawn)
    case continueRequest(ContinueRequest)
    case payloadRequest(PayloadRequest)
    case payloadResponse(PayloadResponse)
    case continueReply(ContinueReply)
    case wasContinued(WasContinued)
    case streamOpen(StreamOpen)
    case streamData(StreamData)
    case streamCredit(StreamCredit)
    case streamClose(StreamClose)
    case error(ErrorMessage)
    case ping(Ping)
    case pong(Pong)
    case heartbeat(Heartbeat)
    case shutdown(Shutdown)
    case devicesQuery(DevicesQuery)
    case devicesReply(DevicesReply)
    case activitiesQuery(ActivitiesQuery)
    case activitiesReply(ActivitiesReply)
    case activitiesWatch(ActivitiesWatch)
    case activityChanged(ActivityChanged)
    case keyValueWrite(KeyValueWrite)
    case keyValueWritten(KeyValueWritten)
    case keyValueRejected(KeyValueRejected)
    case keyValueFetch(KeyValueFetch)
    case keyValueSnapshot(KeyValueSnapshot)
    case keyValueChanged(KeyValueChanged)
    /// Every message of the notification family (see `NotificationEnvelope`).
    case notification(NotificationEnvelope)
    case linkHello(LinkHello)
    case linkGranted(LinkGranted)
}

extension WireKind {
    /// Every message kind, declared once: name on the wire, family, body (in and out), request id.
    public static let all: [WireKind] = [
        WireKind("registerDevice", .device, WireMessage.registerDevice) {
            if case .registerDevice(let body) = $0 { body } else { nil }
        },
        WireKind("registered", .device, WireMessage.registered) {
            if case .registered(let body) = $0 { body } else { nil }
        },
        WireKind("advertise", .activity, WireMessage.advertise) {
            if case .advertise(let body) = $0 { body } else { nil }
        },
        WireKind("withdraw", .activity, WireMessage.withdraw) {
            if case .withdraw(let body) = $0 { body } else { nil }
        },
        WireKind("offer", .activity, WireMessage.offer) {
            if case .offer(let body) = $0 { body } else { nil }
        },
        WireKind("offerWithdrawn", .activity, WireMessage.offerWithdrawn) {
            if case .offerWithdrawn(let body) = $0 { body } else { nil }
        },
        WireKind(
            "continueRequest", .activity, WireMessage.continueRequest,
            { if case .continueRequest(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "payloadRequest", .activity, WireMessage.payloadRequest,
            { if case .payloadRequest(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "payloadResponse", .activity, WireMessage.payloadResponse,
            { if case .payloadResponse(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "continueReply", .activity, WireMessage.continueReply,
            { if case .continueReply(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind("wasContinued", .activity, WireMessage.wasContinued) {
            if case .wasContinued(let body) = $0 { body } else { nil }
        },
        WireKind("streamOpen", .stream, WireMessage.streamOpen) {
            if case .streamOpen(let body) = $0 { body } else { nil }
        },
        WireKind("streamData", .stream, WireMessage.streamData) {
            if case .streamData(let body) = $0 { body } else { nil }
        },
        WireKind("streamCredit", .stream, WireMessage.streamCredit) {
            if case .streamCredit(let body) = $0 { body } else { nil }
        },
        WireKind("streamClose", .stream, WireMessage.streamClose) {
            if case .streamClose(let body) = $0 { body } else { nil }
        },
        WireKind(
            "error", .control, WireMessage.error, { if case .error(let body) = $0 { body } else { nil } },
            requestID: { $0.requestID }),
        WireKind(
            "ping", .control, WireMessage.ping, { if case .ping(let body) = $0 { body } else { nil } },
            requestID: { $0.requestID }),
        WireKind(
            "pong", .control, WireMessage.pong, { if case .pong(let body) = $0 { body } else { nil } },
            requestID: { $0.requestID }),
        WireKind("heartbeat", .control, WireMessage.heartbeat) {
            if case .heartbeat(let body) = $0 { body } else { nil }
        },
        WireKind("shutdown", .control, WireMessage.shutdown) {
            if case .shutdown(let body) = $0 { body } else { nil }
        },
        WireKind(
            "devicesQuery", .query, WireMessage.devicesQuery,
            { if case .devicesQuery(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "devicesReply", .query, WireMessage.devicesReply,
            { if case .devicesReply(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "activitiesQuery", .query, WireMessage.activitiesQuery,
            { if case .activitiesQuery(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "activitiesReply", .query, WireMessage.activitiesReply,
            { if case .activitiesReply(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "activitiesWatch", .query, WireMessage.activitiesWatch,
            { if case .activitiesWatch(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind("activityChanged", .query, WireMessage.activityChanged) {
            if case .activityChanged(let body) = $0 { body } else { nil }
        },
        WireKind(
            "keyValueWrite", .keyValue, WireMessage.keyValueWrite,
            { if case .keyValueWrite(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "keyValueWritten", .keyValue, WireMessage.keyValueWritten,
            { if case .keyValueWritten(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "keyValueRejected", .keyValue, WireMessage.keyValueRejected,
            { if case .keyValueRejected(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "keyValueFetch", .keyValue, WireMessage.keyValueFetch,
            { if case .keyValueFetch(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "keyValueSnapshot", .keyValue, WireMessage.keyValueSnapshot,
            { if case .keyValueSnapshot(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind("keyValueChanged", .keyValue, WireMessage.keyValueChanged) {
            if case .keyValueChanged(let body) = $0 { body } else { nil }
        },
        WireKind(
            "notification", .notification, WireMessage.notification,
            { if case .notification(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "linkHello", .link, WireMessage.linkHello,
            { if case .linkHello(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
        WireKind(
            "linkGranted", .link, WireMessage.linkGranted,
            { if case .linkGranted(let body) = $0 { body } else { nil } }, requestID: { $0.requestID }),
    ]
}

extension WireMessage {
    /// This message's row in `WireKind.all`.
    public var wireKind: WireKind { WireKind.of(self) }

    /// The `kind` string written on the wire.
    public var kind: String { wireKind.name }

    /// The family the daemon routes this message to.
    public var family: MessageFamily { wireKind.family }

    /// The request id a reply answers, for messages that carry one.
    public var requestID: UInt64? { wireKind.requestID(of: self) }
}

extension WireMessage: Codable {
    enum Keys: String, CodingKey { case kind, body }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let name = try container.decode(String.self, forKey: .kind)
        guard let kind = WireKind.named(name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown message kind \(BoundedQuote.quote(name))")
        }
        self = try kind.decode(from: container)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let kind = wireKind
        try container.encode(kind.name, forKey: .kind)
        try kind.encode(self, into: &container)
    }
}
