import Foundation
import Wire

/// Which offer exactly: the source device and the sequence of its advertisement.
///
/// `Ctrl-O` continues an offer by its identity, so a newer offer from another device is never continued
/// in its place.
public struct OfferID: Hashable, Sendable, CustomStringConvertible {
    public var device: String
    public var sequence: UInt64

    public init(device: String, sequence: UInt64) {
        self.device = device
        self.sequence = sequence
    }

    public var description: String { "\(device)#\(sequence)" }
}

/// What the dock shows: an activity another device offers, and which local app would continue it.
public struct HandoffOffer: Equatable, Sendable {
    /// The local app that continues it, or nil for a web-page fallback.
    public var appBundleIdentifier: String?
    /// The name shown in the dock: the app's display name, or "Web page".
    public var appName: String
    public var title: String
    public var sourceDevice: String
    public var activityType: String
    public var webpageURL: URL?
    public var advertisedAt: Date
    /// The daemon's advertisement behind the offer.
    public var advertisement: Advertisement

    /// This offer's identity.
    public var id: OfferID { OfferID(device: sourceDevice, sequence: advertisement.sequence) }

    /// Seconds since the source advertised it.
    public func age(now: Date = Date()) -> TimeInterval { max(0, now.timeIntervalSince(advertisedAt)) }
}

/// What `continueOffer()` did.
public enum ContinueOutcome: Equatable, Sendable {
    /// Nothing is offered.
    case nothingOffered
    /// The continue request is on its way; the app's hooks will hear the result.
    case started(appBundleIdentifier: String)
    /// No local app declares the type: the web page should be opened.
    case openWebpage(URL)
    /// The request could not even be sent; the app's `didFail` hook was called.
    case failed(HandoffError)
}
