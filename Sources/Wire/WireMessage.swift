import BatonEnvironment

/// The family a message belongs to; the daemon routes each family to one service.
///
/// New services (key-value store, notifications) add a family and their messages.
public enum MessageFamily: String, Codable, Sendable, CaseIterable {
    case device, activity, stream, control, query, keyValue, notification
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
    case shutdown(Shutdown)
    case devicesQuery(DevicesQuery)
    case devicesReply(DevicesReply)
    case activitiesQuery(ActivitiesQuery)
    case activitiesReply(ActivitiesReply)
    case keyValueWrite(KeyValueWrite)
    case keyValueWritten(KeyValueWritten)
    case keyValueRejected(KeyValueRejected)
    case keyValueFetch(KeyValueFetch)
    case keyValueSnapshot(KeyValueSnapshot)
    case keyValueChanged(KeyValueChanged)
    /// Every message of the notification family (see `NotificationEnvelope`).
    case notification(NotificationEnvelope)
}

extension WireMessage {
    /// The `kind` string written on the wire.
    public var kind: String {
        switch self {
        case .registerDevice: "registerDevice"
        case .registered: "registered"
        case .advertise: "advertise"
        case .withdraw: "withdraw"
        case .offer: "offer"
        case .offerWithdrawn: "offerWithdrawn"
        case .continueRequest: "continueRequest"
        case .payloadRequest: "payloadRequest"
        case .payloadResponse: "payloadResponse"
        case .continueReply: "continueReply"
        case .wasContinued: "wasContinued"
        case .streamOpen: "streamOpen"
        case .streamData: "streamData"
        case .streamCredit: "streamCredit"
        case .streamClose: "streamClose"
        case .error: "error"
        case .ping: "ping"
        case .pong: "pong"
        case .shutdown: "shutdown"
        case .devicesQuery: "devicesQuery"
        case .devicesReply: "devicesReply"
        case .activitiesQuery: "activitiesQuery"
        case .activitiesReply: "activitiesReply"
        case .keyValueWrite: "keyValueWrite"
        case .keyValueWritten: "keyValueWritten"
        case .keyValueRejected: "keyValueRejected"
        case .keyValueFetch: "keyValueFetch"
        case .keyValueSnapshot: "keyValueSnapshot"
        case .keyValueChanged: "keyValueChanged"
        case .notification: "notification"
        }
    }

    /// The family the daemon routes this message to.
    public var family: MessageFamily {
        switch self {
        case .registerDevice, .registered: .device
        case .advertise, .withdraw, .offer, .offerWithdrawn, .continueRequest, .payloadRequest,
            .payloadResponse, .continueReply, .wasContinued:
            .activity
        case .streamOpen, .streamData, .streamCredit, .streamClose: .stream
        case .error, .ping, .pong, .shutdown: .control
        case .devicesQuery, .devicesReply, .activitiesQuery, .activitiesReply: .query
        case .keyValueWrite, .keyValueWritten, .keyValueRejected, .keyValueFetch, .keyValueSnapshot,
            .keyValueChanged:
            .keyValue
        case .notification: .notification
        }
    }
}

extension WireMessage: Codable {
    private enum Keys: String, CodingKey { case kind, body }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "registerDevice":
            self = .registerDevice(try container.decode(RegisterDevice.self, forKey: .body))
        case "registered": self = .registered(try container.decode(Registered.self, forKey: .body))
        case "advertise": self = .advertise(try container.decode(Advertisement.self, forKey: .body))
        case "withdraw": self = .withdraw(try container.decode(Withdraw.self, forKey: .body))
        case "offer": self = .offer(try container.decode(Offer.self, forKey: .body))
        case "offerWithdrawn":
            self = .offerWithdrawn(try container.decode(OfferWithdrawn.self, forKey: .body))
        case "continueRequest":
            self = .continueRequest(try container.decode(ContinueRequest.self, forKey: .body))
        case "payloadRequest":
            self = .payloadRequest(try container.decode(PayloadRequest.self, forKey: .body))
        case "payloadResponse":
            self = .payloadResponse(try container.decode(PayloadResponse.self, forKey: .body))
        case "continueReply":
            self = .continueReply(try container.decode(ContinueReply.self, forKey: .body))
        case "wasContinued":
            self = .wasContinued(try container.decode(WasContinued.self, forKey: .body))
        case "streamOpen": self = .streamOpen(try container.decode(StreamOpen.self, forKey: .body))
        case "streamData": self = .streamData(try container.decode(StreamData.self, forKey: .body))
        case "streamCredit":
            self = .streamCredit(try container.decode(StreamCredit.self, forKey: .body))
        case "streamClose": self = .streamClose(try container.decode(StreamClose.self, forKey: .body))
        case "error": self = .error(try container.decode(ErrorMessage.self, forKey: .body))
        case "ping": self = .ping(try container.decode(Ping.self, forKey: .body))
        case "pong": self = .pong(try container.decode(Pong.self, forKey: .body))
        case "shutdown": self = .shutdown(try container.decode(Shutdown.self, forKey: .body))
        case "devicesQuery":
            self = .devicesQuery(try container.decode(DevicesQuery.self, forKey: .body))
        case "devicesReply":
            self = .devicesReply(try container.decode(DevicesReply.self, forKey: .body))
        case "activitiesQuery":
            self = .activitiesQuery(try container.decode(ActivitiesQuery.self, forKey: .body))
        case "activitiesReply":
            self = .activitiesReply(try container.decode(ActivitiesReply.self, forKey: .body))
        case "keyValueWrite":
            self = .keyValueWrite(try container.decode(KeyValueWrite.self, forKey: .body))
        case "keyValueWritten":
            self = .keyValueWritten(try container.decode(KeyValueWritten.self, forKey: .body))
        case "keyValueRejected":
            self = .keyValueRejected(try container.decode(KeyValueRejected.self, forKey: .body))
        case "keyValueFetch":
            self = .keyValueFetch(try container.decode(KeyValueFetch.self, forKey: .body))
        case "keyValueSnapshot":
            self = .keyValueSnapshot(try container.decode(KeyValueSnapshot.self, forKey: .body))
        case "keyValueChanged":
            self = .keyValueChanged(try container.decode(KeyValueChanged.self, forKey: .body))
        case "notification":
            self = .notification(try container.decode(NotificationEnvelope.self, forKey: .body))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown message kind \(BoundedQuote.quote(kind))")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .registerDevice(let body): try container.encode(body, forKey: .body)
        case .registered(let body): try container.encode(body, forKey: .body)
        case .advertise(let body): try container.encode(body, forKey: .body)
        case .withdraw(let body): try container.encode(body, forKey: .body)
        case .offer(let body): try container.encode(body, forKey: .body)
        case .offerWithdrawn(let body): try container.encode(body, forKey: .body)
        case .continueRequest(let body): try container.encode(body, forKey: .body)
        case .payloadRequest(let body): try container.encode(body, forKey: .body)
        case .payloadResponse(let body): try container.encode(body, forKey: .body)
        case .continueReply(let body): try container.encode(body, forKey: .body)
        case .wasContinued(let body): try container.encode(body, forKey: .body)
        case .streamOpen(let body): try container.encode(body, forKey: .body)
        case .streamData(let body): try container.encode(body, forKey: .body)
        case .streamCredit(let body): try container.encode(body, forKey: .body)
        case .streamClose(let body): try container.encode(body, forKey: .body)
        case .error(let body): try container.encode(body, forKey: .body)
        case .ping(let body): try container.encode(body, forKey: .body)
        case .pong(let body): try container.encode(body, forKey: .body)
        case .shutdown(let body): try container.encode(body, forKey: .body)
        case .devicesQuery(let body): try container.encode(body, forKey: .body)
        case .devicesReply(let body): try container.encode(body, forKey: .body)
        case .activitiesQuery(let body): try container.encode(body, forKey: .body)
        case .activitiesReply(let body): try container.encode(body, forKey: .body)
        case .keyValueWrite(let body): try container.encode(body, forKey: .body)
        case .keyValueWritten(let body): try container.encode(body, forKey: .body)
        case .keyValueRejected(let body): try container.encode(body, forKey: .body)
        case .keyValueFetch(let body): try container.encode(body, forKey: .body)
        case .keyValueSnapshot(let body): try container.encode(body, forKey: .body)
        case .keyValueChanged(let body): try container.encode(body, forKey: .body)
        case .notification(let body): try container.encode(body, forKey: .body)
        }
    }
}

extension WireMessage {
    /// The request id a reply answers, for messages that carry one.
    public var requestID: UInt64? {
        switch self {
        case .pong(let body): body.requestID
        case .devicesReply(let body): body.requestID
        case .activitiesReply(let body): body.requestID
        case .continueReply(let body): body.requestID
        case .error(let body): body.requestID
        case .ping(let body): body.requestID
        case .devicesQuery(let body): body.requestID
        case .activitiesQuery(let body): body.requestID
        case .continueRequest(let body): body.requestID
        case .payloadRequest(let body): body.requestID
        case .payloadResponse(let body): body.requestID
        case .keyValueWrite(let body): body.requestID
        case .keyValueWritten(let body): body.requestID
        case .keyValueRejected(let body): body.requestID
        case .keyValueFetch(let body): body.requestID
        case .keyValueSnapshot(let body): body.requestID
        case .notification(let body): body.requestID
        default: nil
        }
    }
}
