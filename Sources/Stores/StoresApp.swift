import BatonEnvironment
import Cartography
import Foundation
import Handoff
import SuiteMessages
import TerminalUI
import UserNotifications

/// The Stores app (F2), a port of Apple's HandoffMapViewer: a braille world map of the Apple Stores
/// beside a list of the stores in view, search, details, favourites synced through the key-value store,
/// and the map and the open store handed off between devices.
public final class StoresApp: SuiteApp {
    public let name = "Stores"
    public let functionKey = 2

    /// Everything the keys change; public for tests.
    public internal(set) var state = StoresState()
    /// Whether the map draws braille (else quadrant blocks, for fonts without braille).
    public internal(set) var usesBraille: Bool
    /// Why the stores could not be loaded.
    public internal(set) var loadProblem: String?
    public internal(set) var isLoaded = false
    /// Set between `willContinueUserActivity` and the payload (or the failure).
    public internal(set) var isContinuing = false
    /// The search text while the search field is open.
    var search: TextFieldState?
    var list = ListState()
    var renderer: MapRenderer?
    /// The map's frame for the current state, drawn in `update` (render only copies it to the screen).
    var frameCache: MapFrameCache?
    /// Where the map and the list are in the content area the shell announced (`ContentAreaChanged`).
    var layout: StoresLayout?
    /// Where a mouse drag last was.
    var dragAnchor: Point?
    var dragMoved = false

    // Favourites.
    let favoritesBackend: (any FavoritesBackend)?
    var favorites = FavoritesIdentifiers()
    var favoritesProblem: FavoritesError?
    /// This device's favourite changes the store's value has not shown back yet (merged into another's value).
    var favouritesMerge = FavouritesMerge()
    let appGroupDirectory: URL
    /// Where the app tells the suite its app group changed (and the background load posts its result).
    let port: MessagePort?

    // Handoff.
    var handoffApp: HandoffApp?
    /// Handoff's callbacks, turned into `HandoffEvent`s that arrive through `receive`.
    let handoffEvents = HandoffEventRelay()
    var handoffProblem: String?
    /// The identifiers of this app's notifications still to come on this device (the suite says when they
    /// change): the details say when "notify me near" is set.
    public internal(set) var pendingAlerts: Set<String> = []
    /// From the app's `Info.plist`: its notifications are addressed to it.
    public internal(set) var bundleIdentifier: String?
    var mapActivity: UserActivity?
    var storeActivity: UserActivity?
    /// A continued store-editing activity's store, opened once the stores are loaded.
    var pendingStoreURL: String?
    /// A store a link asked for before the stores were loaded.
    var pendingSlug: String?
    var isVisible = false

    // Launch.
    let launchedAt: Date
    /// Where the map is kept when it rests (`StoresPlace`), and reopens after a restart; nil: not kept.
    let placeFile: URL?
    /// Whether something (a handoff, the launch default) has chosen the region.
    var regionSettled = false
    let deviceLocation: () throws -> GeoCoordinate?

    /// What the current event asked of the suite; done with the event's context before it returns.
    var effects: [StoresEffect] = []

    /// How long after launch a continued activity still decides the first region.
    static let launchHandoffWindow: TimeInterval = 0.5
    /// How long the map rests before its activity becomes current.
    static let mapActivityDelay: TimeInterval = 0.3

    /// - Parameters:
    ///   - resources: the `Resources/` folder (nil: not found; the app says so).
    ///   - appGroupDirectory: where `favorites.json` for the Favorites widget goes.
    ///   - coordinator: the suite's Handoff coordinator (nil: no Handoff).
    ///   - favorites: the favourites' storage (nil: favourites unavailable).
    ///   - deviceLocation: this device's location, if set (`baton location set`).
    ///   - launchedAt: when the suite started (the clock's now).
    ///   - port: where the background load posts its result; nil leaves loading to `startLoading`.
    public init(
        resources: URL?, appGroupDirectory: URL, coordinator: HandoffCoordinator?,
        favorites: (any FavoritesBackend)?, deviceLocation: @escaping () throws -> GeoCoordinate?,
        launchedAt: Date, usesBraille: Bool = true, port: MessagePort?, placeFile: URL? = nil,
        loader: any StoresLoading = BackgroundStoresLoader()
    ) {
        self.placeFile = placeFile
        self.appGroupDirectory = appGroupDirectory
        self.port = port
        self.favoritesBackend = favorites
        favouritesMerge = favorites?.unsharedChanges() ?? FavouritesMerge()
        self.deviceLocation = deviceLocation
        self.launchedAt = launchedAt
        self.usesBraille = usesBraille
        if let coordinator { register(with: coordinator, resources: resources) }
        if let port { startLoading(resources: resources, loader: loader, port: port) }
    }

    /// Whether `BATON_NO_BRAILLE=1` asks for block characters.
    public static func braillePreferred(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["BATON_NO_BRAILLE"] != "1"
    }

    /// Loads the stores off the UI thread; the result arrives as `StoresDataLoaded`.
    public func startLoading(resources: URL?, loader: any StoresLoading, port: MessagePort) {
        let name = name
        loader.load(resources: resources) { loaded in port.post(loaded, to: .app(name)) }
    }

    /// Handoff's callbacks and the favourites' changes arrive through `inbox`, as messages to `receive`.
    public func connect(_ inbox: AppInbox) {
        handoffEvents.connect(
            deliver: { inbox.deliver($0) }, continuingIndicator: { inbox.showContinuingIndicator($0) })
        favoritesBackend?.favoritesChanged = { inbox.deliver(FavouritesChanged(change: $0)) }
    }

    public var helpItems: [HelpItem] {
        if state.detailsID != nil { return StoresBindings.details.helpItems() }
        if search != nil { return StoresBindings.searching.helpItems() }
        let table = state.focus == .map ? StoresBindings.map : StoresBindings.list
        return table.helpItems() + (state.focus == .map ? [StoresBindings.panHelp] : [])
    }

    public var allKeys: [HelpItem] {
        StoresBindings.map.filter { $0.action != .pan }.allHelpItems() + [StoresBindings.panHelp]
            + StoresBindings.details.allHelpItems().map { HelpItem(keys: $0.keys, label: $0.label + " (details)") }
            + MapMarker.legend.map { HelpItem(keys: $0.mark, label: "map: " + $0.meaning) }
    }

    public var isEditingText: Bool { search != nil }

    // MARK: Lifecycle

    public func appear(context: SuiteContext) {
        defer { finish(context) }
        isVisible = true
        if let handoffProblem { context.showBanner(handoffProblem, kind: .warning) }
        if let store = state.detailsStore {
            makeStoreActivityCurrent(store)
        } else {
            scheduleMapActivity()
        }
    }

    public func disappear(context: SuiteContext) {
        defer { finish(context) }
        isVisible = false
        savePlace()
        for activity in [mapActivity, storeActivity].compactMap(\.self) where activity.isCurrent {
            activity.resignCurrent()
        }
    }

    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        defer { finish(context) }
        switch message {
        case let area as ContentAreaChanged:
            layout = area.area.isEmpty ? nil : StoresLayout(area: area.area)
        case let changed as FavouritesChanged:
            reloadFavourites(changed.change)
        case let event as HandoffEvent:
            return handle(event)
        case let loaded as StoresDataLoaded:
            apply(loaded, context: context)
        case let request as OpenStoreRequest:
            open(slug: request.slug, context: context)
        case let delivery as NotificationDelivery:  // issue 16
            return receiveNotification(delivery, context: context)
        case let pending as PendingNotificationsChanged:
            guard pending.bundleIdentifier == bundleIdentifier else { return false }
            pendingAlerts = pending.identifiers
        default:
            return false
        }
        return true
    }

    public func timerFired(_ timer: LoopTimer, context: SuiteContext) {
        defer { finish(context) }
        switch timer.key(as: StoresTimer.self) {
        case .mapActivity:
            savePlace()
            makeMapActivityCurrent()
        case .launchRegion: applyLaunchRegion(context: context)
        case nil: break
        }
    }

    // MARK: Loading

    private func apply(_ loaded: StoresDataLoaded, context: SuiteContext) {
        switch loaded.result {
        case .success(let data):
            isLoaded = true
            loadProblem = nil
            state.load(data.index)
            renderer = MapRenderer(land: data.land ?? LandGeometry(rings: []), encoding: encoding)
            frameCache = nil
            if let landProblem = data.landProblem {
                context.showBanner("The map has no land: \(landProblem)", kind: .warning)
            }
            if !data.problems.isEmpty {
                let count = data.problems.count
                context.showBanner(
                    "\(count) store record\(count == 1 ? "" : "s") skipped as invalid: \(data.problems[0])",
                    kind: .warning)
            }
            reloadFavourites(nil)
            openPendingStore()
            if let slug = pendingSlug {
                pendingSlug = nil
                open(slug: slug, context: context)
            }
        case .failure(let error):
            loadProblem = error.description
            context.showBanner("Stores: \(error.description)", kind: .error)
        }
        guard !regionSettled else { return }
        let wait = Self.launchHandoffWindow - context.now().timeIntervalSince(launchedAt)
        if wait > 0 {
            context.schedule(after: wait, StoresTimer.launchRegion)
        } else {
            applyLaunchRegion(context: context)
        }
    }

    /// No handoff set the region in time: show where the map was before a restart, else the device's location
    /// (50 km across), else the world.
    func applyLaunchRegion(context: SuiteContext) {
        guard !regionSettled else { return }
        regionSettled = true
        if let placeFile, let place = StoresPlace.load(from: placeFile) {
            state.show(region: place.region)
            if let id = place.selectedID { state.selectInPlace(id) }
            return
        }
        do {
            guard let location = try deviceLocation() else { return }
            guard (-90...90).contains(location.latitude), (-180...180).contains(location.longitude) else {
                context.showBanner(
                    "The device location \(location.latitude), \(location.longitude) is out of range; showing the world",
                    kind: .warning)
                return
            }
            state.show(region: LaunchRegion.around(location))
        } catch {
            context.showBanner("Cannot read the device location: \(error); showing the world", kind: .warning)
        }
    }

    /// Keeps where the map rests, for the next start.
    func savePlace() {
        // Not before the launch has chosen the region: the world shown meanwhile is no place the user left.
        guard let placeFile, isLoaded, regionSettled else { return }
        do {
            try StoresPlace(region: state.region, selectedID: state.selectedID).save(to: placeFile)
        } catch {
            showBanner("Cannot keep the map's place: \(error)", kind: .warning)
        }
    }

    /// The map's cell encoding.
    var encoding: CellEncoding { usesBraille ? .braille : .quadrants }

    /// Shows a banner once the current event ends.
    func showBanner(_ text: String, kind: Banner.Kind = .info) {
        effects.append(.banner(text, kind))
    }
}
