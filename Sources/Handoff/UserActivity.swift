import Foundation
import Wire

/// A user activity, as `NSUserActivity`: what the user is doing, offered to the account's other devices.
///
/// Not thread-safe: create and use it on the UI thread, like every other app-facing Handoff type.
public final class UserActivity {
    public let activityType: String
    public let app: HandoffApp
    /// Shown in the other devices' dock. Changing it while current re-advertises.
    public var title: String? { didSet { readvertiseIfCurrent() } }
    /// The state to hand off. Sent only when another device continues, never with the advertisement.
    public var userInfo: [String: PropertyListValue]?
    /// When set, only these keys of `userInfo` travel.
    public var requiredUserInfoKeys: Set<String>?
    /// Set when `userInfo` is stale: the delegate's `userActivityWillSave` runs before the payload leaves.
    public var needsSave = false
    /// Whether a continuing device may open a stream pair to this activity.
    public var supportsContinuationStreams = false { didSet { readvertiseIfCurrent() } }
    /// Whether the activity is offered to other devices at all.
    public var isEligibleForHandoff = true { didSet { readvertiseIfCurrent() } }
    public weak var delegate: (any UserActivityDelegate)?
    /// The web page that shows the same content, for devices without the app (http or https only).
    public private(set) var webpageURL: URL?

    /// Set on a continued activity: where it came from.
    public internal(set) var sourceDevice: String?
    /// Set on the source when another device continued the activity: which one.
    public internal(set) var continuedOnDevice: String?
    /// Whether the title offered to other devices was shortened (to `AdvertisementLimits.maxTitleCharacters`).
    public internal(set) var titleWasShortened = false
    /// The sequence of the advertisement, once advertised or continued.
    var sequence: UInt64?
    private(set) var isInvalidated = false

    /// An activity of `activityType` for `app`. The type is checked against the manifest at `becomeCurrent`.
    public init(activityType: String, app: HandoffApp) {
        self.activityType = activityType
        self.app = app
    }

    /// Sets `webpageURL`; only http and https are allowed, as on Apple's platforms.
    public func setWebpageURL(_ url: URL?) throws(UserActivityError) {
        if let url, !["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            throw .unsupportedWebpageURL(url.absoluteString)
        }
        webpageURL = url
        readvertiseIfCurrent()
    }

    /// Adds entries to `userInfo`, replacing values under the same keys.
    public func addUserInfoEntries(from entries: [String: PropertyListValue]) {
        userInfo = (userInfo ?? [:]).merging(entries) { _, new in new }
    }

    /// Makes this the device's current activity (replacing any other) and offers it to other devices.
    public func becomeCurrent() throws(UserActivityError) {
        guard !isInvalidated else { throw .invalidated(activityType) }
        guard app.manifest.declares(activityType) else {
            throw .undeclaredType(
                type: activityType, app: app.manifest.bundleIdentifier, declared: app.manifest.activityTypes)
        }
        guard let coordinator = app.coordinator else { throw .appUnavailable(app.manifest.bundleIdentifier) }
        try coordinator.makeCurrent(self)
    }

    /// Stops being current; the offer disappears from other devices.
    public func resignCurrent() {
        app.coordinator?.resign(self)
    }

    /// Resigns and can never become current again.
    public func invalidate() {
        resignCurrent()
        isInvalidated = true
    }

    /// Whether this is the device's current activity.
    public var isCurrent: Bool { app.coordinator?.currentActivity === self }

    /// On a continued activity: opens a stream pair to the source app (its delegate gets
    /// `userActivity(_:didReceive:outputStream:)`). Fails when the activity does not support streams.
    public func getContinuationStreams() throws(HandoffError) -> (ContinuationInputStream, ContinuationOutputStream) {
        guard let coordinator = app.coordinator else {
            throw HandoffError(.connectionUnavailable, "\(app.manifest.bundleIdentifier) is not registered")
        }
        return try coordinator.openStreams(for: self)
    }

    /// The payload that leaves the device: `userInfo`, cut to `requiredUserInfoKeys` when set.
    var payload: [String: PropertyListValue] {
        let all = userInfo ?? [:]
        guard let required = requiredUserInfoKeys else { return all }
        return all.filter { required.contains($0.key) }
    }

    private func readvertiseIfCurrent() {
        // A change that makes the advertisement too large withdraws it (the next becomeCurrent says why).
        if isCurrent { try? app.coordinator?.makeCurrent(self) }
    }
}
