import AccountClient
import BatonEnvironment
import Cartography
import Foundation
import Handoff
import Stores
import Synchronization
import Wire

@testable import TerminalUI

/// Favourites kept in memory, as the key-value store keeps them for the app.
final class MemoryFavorites: FavoritesBackend {
    var value: PropertyListValue?
    /// When set, saving fails with this message (a quota violation, say).
    var refusal: String?
    var favoritesChanged: ((FavoritesChange) -> Void)?
    /// What the app kept of its unshared changes (as the suite keeps them in the device's directory).
    var unshared: FavouritesMerge?

    func unsharedChanges() -> FavouritesMerge? { unshared }
    func saveUnsharedChanges(_ changes: FavouritesMerge) { unshared = changes }

    func favoritesValue() -> PropertyListValue? { value }

    func setFavoritesValue(_ newValue: PropertyListValue) throws {
        if let refusal { throw Refusal(message: refusal) }
        value = newValue
    }

    /// Another device wrote the favourites: the store changes and says so.
    func changeElsewhere(to newValue: PropertyListValue?, _ change: FavoritesChange = .merge) {
        value = newValue
        favoritesChanged?(change)
    }

    struct Refusal: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A clock the test sets by hand.
final class HandClock: Sendable {
    private let time: Mutex<Date>
    init(_ start: Date) { time = Mutex(start) }
    var now: Date {
        get { time.withLock { $0 } }
        set { time.withLock { $0 = newValue } }
    }
}

/// The Stores app over the repository's data in a temporary BATON_HOME, loaded inline, with a hand clock.
final class StoresHarness {
    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources", isDirectory: true)
    static let launch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    let home: URL
    let paths: BatonPaths
    let port: MessagePort
    let favorites: MemoryFavorites
    let app: StoresApp
    let clock = HandClock(StoresHarness.launch)
    private var shownArea = Rect(x: 0, y: 0, width: 100, height: 28)
    var banners: [(text: String, kind: Banner.Kind)] = []
    var timers: [LoopTimer: TimeInterval] = [:]
    var activated: [String] = []
    /// Messages the app posted to others (the announcement of a changed app group), with their addressees.
    var posted: [Envelope] = []
    lazy var context = SuiteContext(
        owner: .app("Stores"), device: "box:pts-3", now: { [clock] in clock.now }, port: port,
        schedule: { [unowned self] timer, seconds in timers[timer] = seconds },
        banner: { [unowned self] banner in banners.append((banner.text, banner.kind)) },
        activate: { [unowned self] name in activated.append(name) })

    init(
        location: GeoCoordinate? = nil, coordinator: HandoffCoordinator? = nil, favourites: PropertyListValue? = nil,
        resources: URL? = StoresHarness.resources, braille: Bool = true, backend: MemoryFavorites = MemoryFavorites(),
        home: URL? = nil, keepsPlace: Bool = false
    ) throws {
        favorites = backend
        self.home =
            home ?? FileManager.default.temporaryDirectory.appendingPathComponent("baton-stores-\(UUID().uuidString)")
        paths = BatonPaths(environment: ["BATON_HOME": self.home.path])
        port = try MessagePort()
        favorites.value = favourites
        app = StoresApp(
            resources: resources, appGroupDirectory: paths.appGroupDirectory, coordinator: coordinator,
            favorites: favorites, deviceLocation: { location }, launchedAt: Self.launch, usesBraille: braille,
            port: port, placeFile: keepsPlace ? StoresPlace.file(paths: paths, device: "box:pts-3") : nil,
            loader: InlineStoresLoader())
        // The shell's inbox: Handoff's callbacks and the favourites' changes reach `receive` at once.
        app.connect(
            AppInbox(
                deliver: { [unowned self] message in app.receive(message, context: context) },
                continuingIndicator: { _ in }))
        _ = app.receive(ContentAreaChanged(area: Rect(x: 0, y: 0, width: 100, height: 28)), context: context)
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    /// A harness whose stores are loaded and whose launch region is settled (no handoff came).
    static func launched(
        location: GeoCoordinate? = nil, coordinator: HandoffCoordinator? = nil, favourites: PropertyListValue? = nil,
        backend: MemoryFavorites = MemoryFavorites(), home: URL? = nil, keepsPlace: Bool = false
    ) throws -> StoresHarness {
        let harness = try StoresHarness(
            location: location, coordinator: coordinator, favourites: favourites ?? backend.value, backend: backend,
            home: home, keepsPlace: keepsPlace)
        harness.deliver()
        harness.fire(.launchRegion)
        return harness
    }

    /// Hands the app every message posted to it; keeps the others.
    func deliver() {
        posted += port.drain(deliveringTo: context.owner) { _ = app.receive($0, context: context) }
    }

    func fire(_ timer: StoresTimer) {
        timers[LoopTimer(timer)] = nil
        app.timerFired(LoopTimer(timer), context: context)
    }

    /// A Handoff callback, delivered as the suite does; returns the app's answer.
    @discardableResult
    func handoff(_ event: HandoffEvent) -> Bool { app.receive(event, context: context) }

    /// Continues `activity` here: the payload arrives and the app restores from it.
    @discardableResult
    func restore(_ activity: UserActivity) -> Bool {
        handoff(
            .continue(activity, restoration: { objects in objects.forEach { $0.restoreUserActivityState(activity) } }))
    }

    @discardableResult
    func press(_ key: KeyPress) -> Bool {
        let used = app.handle(.key(key), context: context)
        deliver()
        return used
    }

    func type(_ text: String) {
        for character in text { press(.char(character)) }
    }

    func frame(width: Int = 100, height: Int = 28) -> [String] { render(width: width, height: height).textLines() }

    /// Draws one frame, telling the app its content area first when it changed (as the shell does on a resize).
    func render(width: Int = 100, height: Int = 28) -> CellBuffer {
        let area = Rect(x: 0, y: 0, width: width, height: height)
        if area != shownArea {
            shownArea = area
            _ = app.receive(ContentAreaChanged(area: area), context: context)
        }
        var buffer = CellBuffer(size: Size(width: width, height: height))
        _ = app.render(in: area, into: &buffer, context: context)
        return buffer
    }

    /// A coordinator whose client never connects (no daemon), for activities without a daemon.
    static func offlineCoordinator(device: String = "here") -> HandoffCoordinator {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-offline-\(UUID().uuidString)")
        let client = AccountClient(
            configuration: .init(paths: BatonPaths(environment: ["BATON_HOME": home.path]), daemonExecutable: nil),
            sink: { _ in })
        return HandoffCoordinator(deviceName: device, client: client)
    }
}
