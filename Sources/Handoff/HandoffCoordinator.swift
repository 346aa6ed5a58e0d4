import AccountClient
import Foundation
import Wire

/// The suite's Handoff center for one device: the app registry, the current activity, the offer shown
/// in the dock, and continuation in both directions.
///
/// Lives on the UI thread. Feed it every event the `AccountClient` posts (`handle(_:)`); it calls the
/// apps' hooks and delegates on that same thread.
public final class HandoffCoordinator {
    public let deviceName: String
    public let client: AccountClient
    /// How long a continue may take before the target gives up itself (the daemon's own limit is shorter).
    public var continueTimeout: Duration = .seconds(10)
    /// Called whenever `currentOffer` changes (redraw the dock).
    public var offerChanged: ((HandoffOffer?) -> Void)?
    /// Called after an app's `didFailToContinueUserActivity` hook, so the suite can show the failure too.
    public var continueFailed: ((_ activityType: String, _ error: HandoffError) -> Void)?
    /// Called when a request could not be shown to the user through an app hook (e.g. a refusal).
    public var problemReported: ((String) -> Void)?

    private(set) var apps: [String: HandoffApp] = [:]
    public private(set) var currentActivity: UserActivity?
    /// The newest offer of each source device.
    private var offers: [String: HandoffOffer] = [:]
    /// Offers this device continued: they leave the dock here (the source may go on advertising them).
    var taken: Set<OfferID> = []
    var pendingContinues: [UInt64: PendingContinue] = [:]
    var streams: [String: (input: ContinuationInputStream, output: ContinuationOutputStream)] = [:]
    private var nextSequence = UInt64(Date().timeIntervalSince1970 * 1000)

    /// A coordinator for the device `deviceName`, talking to the daemon through `client`.
    public init(deviceName: String, client: AccountClient) {
        self.deviceName = deviceName
        self.client = client
    }

    /// Registers an app: its manifest (the types it may advertise and continue) and its hooks.
    @discardableResult
    public func register(manifest: AppManifest, hooks: any HandoffAppHooks) -> HandoffApp {
        let app = HandoffApp(manifest: manifest, hooks: hooks, coordinator: self)
        apps[manifest.bundleIdentifier] = app
        client.register(
            RegisterDevice(
                name: deviceName, pid: getpid(),
                apps: apps.values.map(\.manifest.descriptor)
                    .sorted { $0.bundleIdentifier < $1.bundleIdentifier }))
        return app
    }

    /// Whether any app has registered (and so the device is registered with its types).
    public var hasRegisteredApps: Bool { !apps.isEmpty }

    /// The registered app with this bundle identifier.
    public func app(_ bundleIdentifier: String) -> HandoffApp? { apps[bundleIdentifier] }

    /// The offer for the dock: the newest from any device; nil when nothing is offered.
    public var currentOffer: HandoffOffer? { availableOffers.first }

    /// Every offer the dock can show, newest first; offers this device already continued are left out.
    public var availableOffers: [HandoffOffer] {
        offers.values.filter { !taken.contains($0.id) }
            .sorted { ($0.advertisedAt, $0.sourceDevice) > ($1.advertisedAt, $1.sourceDevice) }
    }

    /// Drops `id` from the dock after this device continued it.
    func markTaken(_ id: OfferID) {
        taken = taken.filter { offers[$0.device]?.advertisement.sequence == $0.sequence }
        taken.insert(id)
        offerChanged?(currentOffer)
    }

    // MARK: - Source side

    /// Advertises `activity` as the device's current one. Its title is shortened to about a line
    /// (`AdvertisementLimits`; the activity's `titleWasShortened` says so); an advertisement still too large
    /// for a frame (a web page URL of kilobytes) is not offered and fails with 4611.
    func makeCurrent(_ activity: UserActivity) throws(UserActivityError) {
        if let previous = currentActivity, previous !== activity { previous.sequence = nil }
        currentActivity = activity
        guard activity.isEligibleForHandoff else {
            client.setCurrentAdvertisement(nil)
            return
        }
        let advertisement = Advertisement(
            device: deviceName, bundleIdentifier: activity.app.manifest.bundleIdentifier,
            teamIdentifier: activity.app.manifest.teamIdentifier, activityType: activity.activityType,
            title: activity.title ?? "", sequence: nextSequence + 1, webpageURL: activity.webpageURL,
            supportsContinuationStreams: activity.supportsContinuationStreams)
        if let refusal = advertisement.sizeRefusal {
            activity.sequence = nil
            currentActivity = nil
            client.setCurrentAdvertisement(nil)
            throw .tooLarge(HandoffError(refusal))
        }
        nextSequence += 1
        activity.sequence = nextSequence
        activity.titleWasShortened = advertisement.titleNeedsShortening
        client.setCurrentAdvertisement(advertisement.withShortenedTitle)
    }

    func resign(_ activity: UserActivity) {
        guard currentActivity === activity else { return }
        currentActivity = nil
        client.setCurrentAdvertisement(nil)
    }

    /// The current activity if it is the one advertised as `sequence`.
    func currentActivity(sequence: UInt64) -> UserActivity? {
        guard let activity = currentActivity, activity.sequence == sequence else { return nil }
        return activity
    }

    // MARK: - Offers

    func offerReceived(_ offer: Offer) {
        let advertisement = offer.advertisement
        let local: HandoffApp? =
            if case .app(let bundle) = offer.target { apps[bundle] } else { nil }
        offers[advertisement.device] = HandoffOffer(
            appBundleIdentifier: local?.manifest.bundleIdentifier,
            appName: local?.manifest.displayName ?? "Web page",
            title: advertisement.title, sourceDevice: advertisement.device,
            activityType: advertisement.activityType, webpageURL: advertisement.webpageURL,
            advertisedAt: advertisement.advertisedAt ?? Date(), advertisement: advertisement)
        offerChanged?(currentOffer)
    }

    func offerWithdrawn(_ withdrawn: OfferWithdrawn) {
        guard let offer = offers[withdrawn.device], offer.advertisement.sequence <= withdrawn.sequence else { return }
        offers[withdrawn.device] = nil
        offerChanged?(currentOffer)
    }

    func forgetOffers() {
        guard !offers.isEmpty else { return }
        offers = [:]
        offerChanged?(nil)
    }
}
