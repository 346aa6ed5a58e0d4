import BatonEnvironment
import Foundation
import SuiteMessages
import TerminalUI
import WidgetExtensionKit

/// The Today panel (F3): the enabled widgets as cards, updated through the widget host off the
/// UI thread, with an Edit mode to add, remove and reorder them.
public final class TodayApp: SuiteApp {
    public let name = "Today"
    public let functionKey = 3

    /// The installed widgets, or why none could be read.
    public let catalog: Result<WidgetCatalog, ManifestError>
    public private(set) var preferences: WidgetPreferences
    public private(set) var cards: [WidgetCard] = []
    public private(set) var selected = 0
    public private(set) var isEditing = false
    /// A problem to show above the cards (unreadable widgets.json, …).
    public private(set) var notice: String?
    var editList = ListState()
    var spinnerFrame = 0

    private let preferencesFile: URL
    private let host: WidgetHost
    private let runner: any WidgetUpdateRunner
    /// The zone widgets are asked in; nil follows the device's (the context's).
    private let fixedTimeZone: TimeZone?
    /// The line width widgets are asked for; follows the panel's width (`ContentAreaChanged`).
    var contentWidth = 60
    /// The wall-clock time the pending scheduled update is for (midnight, or a time a widget asked for).
    public private(set) var scheduledUpdate: Date?

    public init(
        catalog: Result<WidgetCatalog, ManifestError>, preferencesFile: URL, host: WidgetHost,
        runner: any WidgetUpdateRunner = BackgroundUpdateRunner(), timeZone: TimeZone? = nil
    ) {
        self.catalog = catalog
        self.preferencesFile = preferencesFile
        self.host = host
        self.runner = runner
        fixedTimeZone = timeZone
        do {
            preferences = try WidgetPreferences.load(from: preferencesFile)
        } catch {
            preferences = .firstRun
            notice = "\(error); showing the default widgets"
        }
        rebuildCards()
    }

    /// The app for the running suite: the catalog from Resources, preferences of `device`.
    public convenience init(device: String, paths: BatonPaths) {
        let catalog: Result<WidgetCatalog, ManifestError>
        if let resources = ResourceLocator.resourcesDirectory() {
            catalog = Result { try WidgetCatalog.load(resources: resources) }.mapError {
                $0 as? ManifestError ?? .unreadable(file: resources.path, reason: "\($0)")
            }
        } else {
            catalog = .failure(.unreadable(file: "Resources/Today/Info.plist", reason: "\(ResourceError.notFound)"))
        }
        self.init(
            catalog: catalog, preferencesFile: WidgetPreferences.file(paths: paths, device: device),
            host: WidgetHost(paths: paths))
    }

    public var helpItems: [HelpItem] {
        (isEditing ? TodayBindings.edit : TodayBindings.panel).helpItems()
    }

    public var allKeys: [HelpItem] {
        TodayBindings.panel.allHelpItems()
            + TodayBindings.edit.allHelpItems().map { HelpItem(keys: $0.keys, label: $0.label + " (edit mode)") }
    }

    // MARK: Lifecycle

    public func appear(context: SuiteContext) {
        updateAll(context: context)
    }

    public func timerFired(_ timer: LoopTimer, context: SuiteContext) {
        switch timer.key(as: TodayTimer.self) {
        case .nextUpdate: updateAll(context: context)
        case .spinner:
            guard cards.contains(where: \.isUpdating) else { return }
            spinnerFrame += 1
            context.schedule(after: 0.1, TodayTimer.spinner)
        case nil: break
        }
    }

    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        if let area = message as? ContentAreaChanged {
            contentWidth = max(TodayPanelView.contentWidth(for: area.area), 10)
            return true
        }
        if message is WallClockChanged {
            wallClockChanged(context: context)
            return true
        }
        if message is AppGroupChanged {
            // A widget's data changed (a favourite, here or on another device): update now, not on `r`.
            updateAll(context: context)
            return true
        }
        guard let finished = message as? WidgetUpdateFinished else { return false }
        if let index = cards.firstIndex(where: { $0.widget.bundleIdentifier == finished.widget }),
            cards[index].generation == finished.generation
        {
            cards[index].apply(finished.outcome)
        }
        scheduleNextUpdate(context: context)
        return true
    }

    // MARK: Keys

    public func handle(_ event: InputEvent, context: SuiteContext) -> Bool {
        guard case .key(let press) = event else { return false }
        let table = isEditing ? TodayBindings.edit : TodayBindings.panel
        guard let action: TodayAction = table.action(for: press) else { return false }
        if isEditing { edit(action, context: context) } else { act(action, context: context) }
        return true
    }

    private func act(_ action: TodayAction, context: SuiteContext) {
        switch action {
        case .previous: selected = max(selected - 1, 0)
        case .next: selected = min(selected + 1, max(cards.count - 1, 0))
        case .toggleMode:
            guard cards.indices.contains(selected) else { return }
            cards[selected].displayMode = cards[selected].displayMode == .compact ? .expanded : .compact
            update(selected, context: context)
        case .refresh: updateAll(context: context)
        case .openLink:
            guard cards.indices.contains(selected) else { return }
            guard let url = cards[selected].openURL else {
                // Said, not silent: `o` on a widget without a link (Days Remaining) does nothing else.
                context.showBanner("\(cards[selected].widget.displayName) has no link to open", kind: .info)
                return
            }
            open(url, context: context)
        case .edit:
            isEditing = true
            editList = ListState()
        default: break
        }
    }

    private func edit(_ action: TodayAction, context: SuiteContext) {
        let rows = editRows
        switch action {
        case .previous: editList.selected = max(editList.selected - 1, 0)
        case .next: editList.selected = min(editList.selected + 1, max(rows.count - 1, 0))
        case .toggleEnabled:
            guard rows.indices.contains(editList.selected) else { return }
            let identifier = rows[editList.selected].bundleIdentifier
            if preferences.enabled.contains(identifier) {
                preferences.remove(identifier)
            } else {
                preferences.add(identifier)
            }
            savePreferences(context: context, selecting: identifier)
        case .moveUp, .moveDown:
            guard rows.indices.contains(editList.selected) else { return }
            let identifier = rows[editList.selected].bundleIdentifier
            guard preferences.enabled.contains(identifier) else { return }
            preferences.move(identifier, by: action == .moveUp ? -1 : 1)
            savePreferences(context: context, selecting: identifier)
        case .leaveEdit:
            isEditing = false
            updateAll(context: context)
        default: break
        }
    }

    /// Edit mode's rows: the enabled widgets in order, then the others installed.
    var editRows: [WidgetManifest] {
        guard case .success(let catalog) = catalog else { return [] }
        let enabled = preferences.installed(in: catalog)
        return enabled + catalog.widgets.filter { !preferences.enabled.contains($0.bundleIdentifier) }
    }

    private func savePreferences(context: SuiteContext, selecting identifier: String) {
        do {
            try preferences.save(to: preferencesFile)
            notice = nil
        } catch {
            context.showBanner("Cannot save the widget list: \(error)", kind: .error)
        }
        rebuildCards()
        editList.selected = editRows.firstIndex { $0.bundleIdentifier == identifier } ?? 0
    }

    /// Opens a widget's `baton://APP…` URL in the suite: switches to the app it names.
    private func open(_ url: URL, context: SuiteContext) {
        let apps = [
            "monkeybrowser": "MonkeyBrowser", "stores": "Stores", "today": "Today", "notifications": "Notifications",
        ]
        guard let app = url.host.flatMap({ apps[$0.lowercased()] }) else {
            context.showBanner("No app in the suite opens \(url.absoluteString)", kind: .warning)
            return
        }
        // baton://stores/<slug>: that store, in Stores.
        if app == "Stores", let slug = url.pathComponents.dropFirst().first, !slug.isEmpty {
            context.post(OpenStoreRequest(slug: slug), to: .app("Stores"))
        }
        context.activate(app: app)
    }

    // MARK: Updates

    /// Cards for the enabled, installed widgets; existing cards keep their state.
    private func rebuildCards() {
        guard case .success(let catalog) = catalog else {
            cards = []
            return
        }
        let old = cards
        cards = preferences.installed(in: catalog).map { widget in
            old.first { $0.widget.bundleIdentifier == widget.bundleIdentifier } ?? WidgetCard(widget: widget)
        }
        selected = min(selected, max(cards.count - 1, 0))
    }

    private func updateAll(context: SuiteContext) {
        for index in cards.indices { update(index, context: context) }
        scheduleNextUpdate(context: context)
    }

    /// Starts one card's update off the UI thread; the result comes back as `WidgetUpdateFinished`.
    private func update(_ index: Int, context: SuiteContext) {
        cards[index].generation += 1
        let wasUpdating = cards.contains(where: \.isUpdating)
        cards[index].isUpdating = true
        if !wasUpdating { context.schedule(after: 0.1, TodayTimer.spinner) }
        let card = cards[index]
        let request = host.request(
            now: context.now(), displayMode: card.displayMode, maximumWidth: contentWidth,
            timeZone: timeZone(context))
        let host = self.host
        let mailbox = context.mailbox
        runner.run {
            let outcome = host.update(card.widget, request: request)
            mailbox.post(
                WidgetUpdateFinished(
                    widget: card.widget.bundleIdentifier, generation: card.generation, outcome: outcome))
        }
    }

    /// The next update: local midnight, or sooner when a widget asked.
    public func nextUpdate(after now: Date, timeZone: TimeZone) -> Date {
        let calendar = WidgetSchedule.localCalendar(timeZone)
        let requested = cards.compactMap(\.requestedUpdate).filter { $0 > now }.min()
        return WidgetSchedule.nextUpdate(after: now, requested: requested, calendar: calendar)
    }

    /// Arms the update timer for the next update's wall-clock time (in monotonic seconds from now, so a
    /// wall-clock jump is caught by `wallClockChanged`, not by the timer).
    private func scheduleNextUpdate(context: SuiteContext) {
        let now = context.now()
        let next = nextUpdate(after: now, timeZone: timeZone(context))
        scheduledUpdate = next
        context.schedule(after: max(next.timeIntervalSince(now), 1), TodayTimer.nextUpdate)
    }

    /// The wall clock jumped or the zone changed: an update whose time has come (midnight passed) runs now;
    /// otherwise the timer is armed again for the new distance to it.
    private func wallClockChanged(context: SuiteContext) {
        guard let scheduledUpdate else { return }
        if context.now() >= scheduledUpdate {
            updateAll(context: context)
        } else {
            scheduleNextUpdate(context: context)
        }
    }

    private func timeZone(_ context: SuiteContext) -> TimeZone { fixedTimeZone ?? context.timeZone() }

    // MARK: Drawing

    public func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        TodayPanelView(app: self).render(in: area, into: &buffer)
        return nil
    }
}

/// The Today panel's timers.
public enum TodayTimer: TimerKey {
    /// Local midnight, or the time a widget asked to be updated at.
    case nextUpdate
    /// The updating spinner's next frame.
    case spinner
}
