import Cartography
import Foundation
import Handoff
import TerminalUI

/// Handoff: the map-viewing activity while the map is looked at, store-editing while a store's details
/// are open; continuing either restores the region, and store-editing opens that store's details.
extension StoresApp: UserActivityRestoring {
    func register(with coordinator: HandoffCoordinator, resources: URL?) {
        guard let resources else {
            handoffProblem = "Stores cannot hand off: the Resources folder was not found"
            return
        }
        do {
            let manifest = try AppManifest.load(app: name, resources: resources)
            bundleIdentifier = manifest.bundleIdentifier
            handoffApp = coordinator.register(manifest: manifest, hooks: handoffEvents)
        } catch {
            handoffProblem = "Stores cannot hand off: \(error)"
        }
    }

    // MARK: Source side

    /// Makes the map activity current, and keeps the map's place for the next start, after the map has rested
    /// for a moment.
    func scheduleMapActivity() {
        guard handoffApp != nil || placeFile != nil, state.detailsID == nil else { return }
        effects.append(.schedule(.mapActivity, after: Self.mapActivityDelay))
    }

    func makeMapActivityCurrent() {
        guard isVisible, state.detailsID == nil, let activity = activity(\.mapActivity, type: .map) else { return }
        activity.userInfo = StoreActivity.userInfo(region: state.region)
        becomeCurrent(activity)
    }

    func makeStoreActivityCurrent(_ store: StoreRecord) {
        guard let activity = activity(\.storeActivity, type: .store) else { return }
        activity.userInfo = StoreActivity.userInfo(region: state.region, store: store)
        activity.title = StoreActivity.title(of: store)
        becomeCurrent(activity)
    }

    /// The details closed: the map is what the user looks at again.
    func storeActivityEnded() {
        if let storeActivity, storeActivity.isCurrent { storeActivity.resignCurrent() }
        scheduleMapActivity()
    }

    private enum Kind { case map, store }

    /// The activity held at `path`, made on first use.
    private func activity(_ path: ReferenceWritableKeyPath<StoresApp, UserActivity?>, type: Kind) -> UserActivity? {
        if let existing = self[keyPath: path] { return existing }
        guard let handoffApp else { return nil }
        let activity: UserActivity
        switch type {
        case .map:
            activity = UserActivity(activityType: StoreActivity.mapViewingType, app: handoffApp)
            activity.title = StoreActivity.mapViewingTitle
            activity.requiredUserInfoKeys = StoreActivity.mapViewingKeys
        case .store:
            activity = UserActivity(activityType: StoreActivity.storeEditingType, app: handoffApp)
            activity.title = StoreActivity.storeEditingTitle
            activity.requiredUserInfoKeys = StoreActivity.storeEditingKeys
        }
        activity.isEligibleForHandoff = true
        activity.delegate = handoffEvents
        self[keyPath: path] = activity
        return activity
    }

    private func becomeCurrent(_ activity: UserActivity) {
        activity.needsSave = true
        do {
            try activity.becomeCurrent()
        } catch {
            showBanner("Cannot offer \(activity.title ?? activity.activityType): \(error)", kind: .warning)
        }
    }

    /// A Handoff callback, arriving through `receive`; returns the callback's answer.
    func handle(_ event: HandoffEvent) -> Bool {
        switch event {
        case .willContinue(let activityType): return willContinueUserActivity(withType: activityType)
        case .continue(let activity, let restoration): return continueUserActivity(activity, restoration: restoration)
        case .didFailToContinue(let activityType, let error):
            didFailToContinueUserActivity(withType: activityType, error: error)
        case .wasContinued(let activity): userActivityWasContinued(activity)
        case .willSave(let activity): userActivityWillSave(activity)
        case .didReceiveStreams: return false
        }
        return true
    }

    func userActivityWillSave(_ activity: UserActivity) {
        if activity === storeActivity, let store = state.detailsStore {
            activity.userInfo = StoreActivity.userInfo(region: state.region, store: store)
        } else if activity === mapActivity {
            activity.userInfo = StoreActivity.userInfo(region: state.region)
        }
    }

    func userActivityWasContinued(_ activity: UserActivity) {
        guard activity === storeActivity, state.detailsID != nil else { return }
        state.closeDetails()
        if activity.isCurrent { activity.resignCurrent() }
        showBanner("The store was handed off to \(activity.sourceDevice ?? "another device")")
    }

    // MARK: Target side

    func willContinueUserActivity(withType activityType: String) -> Bool {
        isContinuing = true
        return true
    }

    func continueUserActivity(
        _ activity: UserActivity, restoration restorationHandler: ([any UserActivityRestoring]) -> Void
    ) -> Bool {
        isContinuing = false
        guard [StoreActivity.mapViewingType, StoreActivity.storeEditingType].contains(activity.activityType) else {
            return false
        }
        restorationHandler([self])
        return true
    }

    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {
        isContinuing = false
    }

    public func restoreUserActivityState(_ activity: UserActivity) {
        let userInfo = activity.userInfo ?? [:]
        do {
            let region = try StoreActivity.region(from: userInfo)
            regionSettled = true
            if state.detailsID != nil {
                state.closeDetails()
            }
            search = nil
            state.focus = .map
            state.show(region: region)
            if activity.activityType == StoreActivity.storeEditingType {
                pendingStoreURL = try StoreActivity.storeURL(from: userInfo)
                openPendingStore()
            } else {
                scheduleMapActivity()
            }
        } catch {
            showBanner("Cannot continue \(activity.title ?? "the activity"): \(error)", kind: .error)
        }
    }

    /// Opens the details of the store a continued activity named, once the stores are loaded.
    func openPendingStore() {
        guard let url = pendingStoreURL, isLoaded else { return }
        pendingStoreURL = nil
        guard let store = state.store(url: url) else {
            showBanner("The continued store is not in this device's list: \(url)", kind: .warning)
            return
        }
        if state.rows.contains(where: { $0.id == store.id }) {
            state.selectInPlace(store.id)
        } else {
            state.jump(to: store.id, zoom: StoresState.storeZoom)
        }
        openDetails()
    }

    /// Opens the details popover of the selected store and offers it to other devices.
    func openDetails() {
        guard state.openDetails(), let store = state.detailsStore else { return }
        makeStoreActivityCurrent(store)
    }

    /// Closes the popover; the map activity takes over.
    func closeDetails() {
        state.closeDetails()
        storeActivityEnded()
    }
}
