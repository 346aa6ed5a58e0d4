import Foundation

/// Client → daemon (and inside offers): an activity a device makes current. Never carries `userInfo`.
public struct Advertisement: Codable, Hashable, Sendable {
    public var device: String
    public var bundleIdentifier: String
    public var teamIdentifier: String
    public var activityType: String
    public var title: String
    /// Increases with every advertisement of the device; the newest wins.
    public var sequence: UInt64
    public var webpageURL: URL?
    public var supportsContinuationStreams: Bool
    /// Stamped by the daemon when it accepts the advertisement.
    public var advertisedAt: Date?

    public init(
        device: String, bundleIdentifier: String, teamIdentifier: String, activityType: String,
        title: String,
        sequence: UInt64, webpageURL: URL? = nil, supportsContinuationStreams: Bool = false,
        advertisedAt: Date? = nil
    ) {
        self.device = device
        self.bundleIdentifier = bundleIdentifier
        self.teamIdentifier = teamIdentifier
        self.activityType = activityType
        self.title = title
        self.sequence = sequence
        self.webpageURL = webpageURL
        self.supportsContinuationStreams = supportsContinuationStreams
        self.advertisedAt = advertisedAt
    }
}

/// Client → daemon: the device's current activity resigned or was invalidated.
public struct Withdraw: Codable, Hashable, Sendable {
    public var sequence: UInt64
    public init(sequence: UInt64) { self.sequence = sequence }
}

/// How the receiving device can take up an offer.
public enum OfferTarget: Codable, Hashable, Sendable {
    /// An app of the same team on this device declares the type.
    case app(bundleIdentifier: String)
    /// No app declares the type; open the activity's web page instead.
    case webpage
}

/// Daemon → client: another device offers an activity this device can continue.
public struct Offer: Codable, Hashable, Sendable {
    public var advertisement: Advertisement
    public var target: OfferTarget

    public init(advertisement: Advertisement, target: OfferTarget) {
        self.advertisement = advertisement
        self.target = target
    }
}

/// Daemon → client: the offer from `device` is gone (withdrawn, replaced by nothing, or the device left).
public struct OfferWithdrawn: Codable, Hashable, Sendable {
    public var device: String
    public var sequence: UInt64
    public init(device: String, sequence: UInt64) {
        self.device = device
        self.sequence = sequence
    }
}

/// Target → daemon: continue the activity `sequence` of `device`.
public struct ContinueRequest: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var device: String
    public var sequence: UInt64
    public init(requestID: UInt64, device: String, sequence: UInt64) {
        self.requestID = requestID
        self.device = device
        self.sequence = sequence
    }
}

/// Daemon → source: send the payload of activity `sequence`; `target` names the device that continues it (the
/// account link asks the source's machine on that device's behalf).
public struct PayloadRequest: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var sequence: UInt64
    public var target: String?
    public init(requestID: UInt64, sequence: UInt64, target: String? = nil) {
        self.requestID = requestID
        self.sequence = sequence
        self.target = target
    }
}

/// Source → daemon: the payload, or why there is none.
public struct PayloadResponse: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var userInfo: [String: PropertyListValue]?
    public var failure: WireFailure?
    public init(
        requestID: UInt64, userInfo: [String: PropertyListValue]?, failure: WireFailure? = nil
    ) {
        self.requestID = requestID
        self.userInfo = userInfo
        self.failure = failure
    }
}

/// Daemon → target: the answer to a `ContinueRequest`: the payload or a Handoff error.
public struct ContinueReply: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var advertisement: Advertisement?
    public var userInfo: [String: PropertyListValue]?
    public var failure: WireFailure?
    public init(
        requestID: UInt64, advertisement: Advertisement?, userInfo: [String: PropertyListValue]?,
        failure: WireFailure? = nil
    ) {
        self.requestID = requestID
        self.advertisement = advertisement
        self.userInfo = userInfo
        self.failure = failure
    }
}

/// Daemon → source: the activity was continued on another device.
public struct WasContinued: Codable, Hashable, Sendable {
    public var sequence: UInt64
    public var by: String
    public init(sequence: UInt64, by: String) {
        self.sequence = sequence
        self.by = by
    }
}
