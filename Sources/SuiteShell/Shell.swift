import BatonEnvironment
import Foundation
import TerminalUI
import TextWidth

/// The suite shell: a top bar of destinations and the device name, the active app (or About),
/// a transient banner, the dock of handoff offers at the bottom-left, and the help bar.
///
/// It is a `LoopProgram`: events update it on the UI thread and `render` draws a whole frame.
public final class Shell: LoopProgram {
    /// The smallest terminal the layout works in.
    public static let minimumSize = Size(width: 60, height: 16)
    /// The destinations in the order of their function keys, named even before their app exists.
    public static let destinations = [
        1: "MonkeyBrowser", 2: "Stores", 3: "Today", 4: "Notifications",
    ]

    public let info: ShellInfo
    public private(set) var apps: [any SuiteApp]
    public private(set) var activeApp: Int?
    /// The apps' device tokens (bundle identifier → hex), shown in About (`DeviceTokensNotice`).
    public internal(set) var deviceTokens: [String: String] = [:]
    public internal(set) var banner: Banner?
    public var dockSource: DockSource?
    /// Receives messages addressed to the key-value store.
    public var keyValueReceiver: ((any Sendable) -> Void)?
    /// Notifications: banners over the content, badges and marks in the top bar, keys first.
    public weak var overlay: (any ShellOverlay)?
    private var aboutScroll = ScrollState()
    /// Where the place the user is at is kept (nil: nowhere, the suite opens on About).
    public var placeFile: URL?
    /// Whether the saved place was restored (on the first event, when the loop can take the app's timers).
    private var placeRestored = false
    /// The list `Ctrl-O` opens when several offers stand.
    private var offerPicker: OfferPicker?
    /// Whether the `?` key overlay is open.
    public private(set) var showsKeyOverlay = false
    /// How far the key overlay is scrolled (it scrolls when the keys do not fit).
    private var keyOverlayScroll = ScrollState()
    /// The app continuing an activity without showing its own progress: the shell shows "Continuing Activity…".
    public internal(set) var continuingApp: String?
    /// The offer the dock showed in the last frame: `Ctrl-O` continues exactly this one.
    var shownOfferID: String?
    private var size = Size(width: 80, height: 24)
    let port: MessagePort
    let now: @Sendable () -> Date
    private let timeZone: @Sendable () -> TimeZone
    weak var loop: LoopControl?
    /// Each app's own context (same order as `apps`): its timers and posts are addressed to it.
    var contexts: [SuiteContext] = []
    /// The dock's context (banners, activating apps).
    private lazy var context = makeContext(owner: .dock)

    /// A shell over `apps`, posting through `port`, reading the wall time from `now` and the device's zone from
    /// `timeZone`.
    public init(
        info: ShellInfo, apps: [any SuiteApp], port: MessagePort, now: @escaping @Sendable () -> Date,
        timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        self.info = info
        self.apps = apps.sorted { $0.functionKey < $1.functionKey }
        self.port = port
        self.now = now
        self.timeZone = timeZone
        contexts = self.apps.map { makeContext(owner: .app($0.name)) }
        for (index, app) in self.apps.enumerated() {
            app.connect(
                AppInbox(
                    deliver: { [weak self] message in self?.deliver(message, toApp: index) ?? false },
                    continuingIndicator: { [weak self] shown in self?.setContinuing(shown ? index : nil) }))
        }
    }

    private func makeContext(owner: Addressee) -> SuiteContext {
        SuiteContext(
            owner: owner, device: info.device, now: now, timeZone: timeZone, port: port,
            schedule: { [weak self] timer, seconds in self?.schedule(timer, after: seconds, for: owner) },
            banner: { [weak self] banner in self?.show(banner) },
            activate: { [weak self] name in self?.activate(named: name) })
    }

    /// The context the dock uses (banners, activating the app that continues an offer).
    public var suiteContext: SuiteContext { context }

    /// The context of the app named `name` (tests use it to act as that app).
    public func context(ofApp name: String) -> SuiteContext? {
        apps.firstIndex { $0.name == name }.map { contexts[$0] }
    }

    private var bindings: [KeyBinding<ShellAction>] { ShellBindings.table(apps: apps) }

    // MARK: Update

    public func update(_ event: LoopEvent, loop: LoopControl) {
        self.loop = loop
        if !placeRestored {
            placeRestored = true
            if let placeFile, let name = ShellPlace.load(from: placeFile)?.app { activate(named: name) }
        }
        switch event {
        case .input(.resize(let newSize)):
            resize(to: newSize)
        case .input(.key(let press)):
            handle(press, loop: loop)
        case .input(.mouse(let mouse)):
            handle(mouse)
        case .message(let envelope):
            route(envelope, loop: loop)
        case .timer(let timer):
            fire(timer)
        case .wallClockChanged:
            for index in apps.indices { deliver(WallClockChanged(), toApp: index) }
        }
        // While an offer stands, redraw each second so its age stays true.
        if dockSource?.currentOffer != nil { loop.schedule(after: 1, LoopTimer(ShellTimer.dockAge)) }
        // The offer the next frame's dock shows, so `Ctrl-O` continues exactly that one.
        let offers = dockSource?.offers ?? []
        shownOfferID = offers.count == 1 ? offers.first?.id : nil
    }

    /// Sets the size the next frame is laid out for, and tells every app its content area.
    public func resize(to newSize: Size) {
        size = newSize
        let area = contentArea
        for index in apps.indices { deliver(ContentAreaChanged(area: area), toApp: index) }
    }

    private func handle(_ press: KeyPress, loop: LoopControl) {
        if offerPicker != nil, handlePicker(press) { return }
        if isLargeEnough, let overlay, let context = context(ofApp: overlay.name),
            overlay.handleOverlayKey(press, context: context)
        {
            return  // notification banners and questions take keys first
        }
        if showsKeyOverlay, press == .char("?") || press == KeyPress(.escape) {
            showsKeyOverlay = false
            return
        }
        if showsKeyOverlay,
            keyOverlayScroll.handle(
                press, contentHeight: keyOverlay.lines().count, viewHeight: KeyOverlay.visibleLines(in: contentArea))
        {
            return
        }
        if let action: ShellAction = bindings.action(for: press) {
            perform(action, loop: loop)
            return
        }
        if case .function(let n) = press.key, press.modifiers.isEmpty, let name = Shell.destinations[n] {
            show(
                Banner("\(name) is not in this build yet (F12 shows what is)", kind: .warning, now: now()))
            return
        }
        guard isLargeEnough else { return }
        if showsKeyOverlay { return }
        if press == .char("?"), activeApp.map({ !apps[$0].isEditingText }) ?? true {
            showsKeyOverlay = true
            keyOverlayScroll = ScrollState()
            return
        }
        if let index = activeApp {
            _ = apps[index].handle(.key(press), context: contexts[index])
        } else if press == KeyPress(.escape), let last = lastApp {
            switchTo(last)
        } else {
            _ = aboutScroll.handle(
                press, contentHeight: aboutLines().count, viewHeight: contentArea.height)
        }
    }

    /// A key while the offer picker is open (the picker takes every key); returns whether it was open.
    private func handlePicker(_ press: KeyPress) -> Bool {
        guard var picker = offerPicker else { return false }
        switch picker.handle(press) {
        case .stay: offerPicker = picker
        case .close: offerPicker = nil
        case .choose(let id):
            offerPicker = nil
            dockSource?.continueOffer(id: id, context: context)
        }
        return true
    }

    private func handle(_ mouse: MouseEvent) {
        guard isLargeEnough else { return }
        if mouse.position.y == 0, mouse.kind == .press || mouse.kind == .click {
            if let tab = topBar.tab(atColumn: mouse.position.x) {
                if tab == 0 { switchTo(nil) } else { switchTo(tab - 1) }
            }
            return
        }
        if let index = activeApp {
            _ = apps[index].handle(.mouse(mouse), context: contexts[index])
        } else if mouse.kind == .wheelUp || mouse.kind == .wheelDown {
            _ = aboutScroll.handle(
                .init(mouse.kind == .wheelUp ? .up : .down), contentHeight: aboutLines().count,
                viewHeight: contentArea.height)
        }
    }

    private func perform(_ action: ShellAction, loop: LoopControl) {
        switch action {
        case .quit: close(loop: loop)
        case .suspend:
            if !loop.suspend() {
                show(Banner("Ctrl-Z: this shell has no job control to suspend into", kind: .warning, now: now()))
            }
        case .about: switchTo(nil)
        case .open(let key): switchTo(apps.firstIndex { $0.functionKey == key })
        case .continueOffer:
            showsKeyOverlay = false
            if let dockSource, dockSource.offers.count > 1 {
                offerPicker = OfferPicker(offers: dockSource.offers)
            } else if let dockSource, let id = shownOfferID ?? dockSource.currentOffer?.id {
                dockSource.continueOffer(id: id, context: context)
            } else {
                show(
                    Banner(
                        "No activity to continue: nothing is offered from another device", kind: .warning,
                        now: now()))
            }
        }
    }

    /// Closes the suite (F10, SIGTERM, SIGHUP): the app in front disappears first, as it does when another
    /// app comes in front, so it keeps what only that moment saves (the browser's scroll position).
    func close(loop: LoopControl) {
        if let index = activeApp { apps[index].disappear(context: contexts[index]) }
        loop.quit()
    }

    /// The app shown before About, so `Esc` on About goes back to it.
    private var lastApp: Int?

    private func switchTo(_ index: Int?) {
        guard index != activeApp else { return }
        if let old = activeApp { apps[old].disappear(context: contexts[old]) }
        if index == nil { lastApp = activeApp }
        activeApp = index
        if let index { apps[index].appear(context: contexts[index]) }
        if placeRestored, let placeFile { ShellPlace(app: index.map { apps[$0].name }).save(to: placeFile) }
    }

    func activate(named name: String) {
        if let index = apps.firstIndex(where: { $0.name == name }) { switchTo(index) }
    }

    func show(_ newBanner: Banner) {
        banner = newBanner
        loop?.schedule(
            after: max(0.05, newBanner.expires.timeIntervalSince(now())), LoopTimer(ShellTimer.bannerExpiry))
    }

    // MARK: View

    private var isLargeEnough: Bool { Self.isLargeEnough(size) }

    private static func isLargeEnough(_ size: Size) -> Bool {
        size.width >= Shell.minimumSize.width && size.height >= Shell.minimumSize.height
    }

    private var contentArea: Rect { Rect(size: size).inset(top: 1, bottom: 2) }

    private var topBar: TabBar {
        let titles =
            ["Baton"]
            + apps.map { app in
                // issue 16: the app's badge beside its name
                let badge = overlay?.badge(forApp: app.name).flatMap { $0 > 0 ? " (\($0))" : nil } ?? ""
                return "F\(app.functionKey) \(app.name)\(badge)"
            }
        return TabBar(titles: titles, selected: (activeApp ?? -1) + 1)
    }

    private func aboutLines(width: Int? = nil) -> [StyledLine] {
        AboutScreen(
            info: info, deviceTokens: deviceTokens, globalKeys: bindings.allHelpItems(),
            appKeys: apps.map { ($0.name, $0.allKeys) }, now: now()
        ).lines(width: width ?? contentArea.width)
    }

    /// The suite's standard indicator while an app continues an activity without showing its own.
    public static let continuingText = "Continuing Activity…"

    public func render(into buffer: inout CellBuffer) -> Point? {
        let screen = buffer.bounds
        guard Self.isLargeEnough(screen.size) else {
            TooSmallScreen(minimum: Shell.minimumSize).render(in: screen, into: &buffer)
            return nil
        }
        let (top, rest) = screen.splitTop(1)
        let (content, bottom) = rest.splitBottom(2)
        topBar.render(in: top, into: &buffer)
        let deviceLabel = (overlay?.topBarMark.map { " \($0)" } ?? "") + " ◉ \(info.device) "
        let deviceWidth = TextWidth.of(deviceLabel)
        if deviceWidth < top.width / 3 {
            buffer.put(deviceLabel, x: top.maxX - deviceWidth, y: top.y, style: Theme.barSelected)
        }
        var cursor: Point?
        if let index = activeApp {
            cursor = apps[index].render(in: content, into: &buffer, context: contexts[index])
        } else {
            var scroll = aboutScroll
            ScrollView(lines: aboutLines(width: content.width)).render(
                in: content.inset(left: 2, right: 1), state: &scroll, into: &buffer)
        }
        if let overlay, let context = context(ofApp: overlay.name),
            let overlayCursor = overlay.renderOverlay(in: content, into: &buffer, context: context)
        {
            cursor = overlayCursor
        }
        renderDockRow(bottom.splitTop(1).top, into: &buffer)
        HelpBar(items: helpBarItems, pinned: Self.pinnedHelp).render(in: bottom.splitBottom(1).bottom, into: &buffer)
        if showsKeyOverlay {
            keyOverlay.render(in: content, top: keyOverlayScroll.top, into: &buffer)
            cursor = nil
        }
        if let offerPicker {
            offerPicker.render(in: content, now: now(), into: &buffer)
            cursor = nil
        }
        return cursor
    }

    /// The help bar: the current app's keys first (as nano and htop), then the suite's; `? keys` (every
    /// key, in the overlay) always shows at the end.
    public var helpBarItems: [HelpItem] {
        let items = (activeApp.map { apps[$0].helpItems } ?? []) + bindings.filter { $0.action != .quit }.helpItems()
        return DockLine.continuingFirst(items, offers: dockSource?.offers ?? [])
    }

    static let keysHelp = HelpItem(keys: "?", label: "all keys")
    /// What the help bar always ends with, at any width: how to quit and how to see every key.
    static let pinnedHelp = [HelpItem(keys: "F10", label: "quit"), keysHelp]

    private var keyOverlay: KeyOverlay {
        let suite = bindings.allHelpItems() + ShellBindings.fixedKeys
        guard let index = activeApp else { return KeyOverlay(appName: "About", appKeys: [], suiteKeys: suite) }
        return KeyOverlay(appName: apps[index].name, appKeys: apps[index].allKeys, suiteKeys: suite)
    }

    private func renderDockRow(_ row: Rect, into buffer: inout CellBuffer) {
        buffer.fill(row, style: Theme.bar)
        // The place on the right; the dock takes the rest of the row, cut only when it must be.
        let right = " \(activeApp.map { apps[$0].name } ?? "About") "
        let rightWidth = TextWidth.of(right)
        let room = max(0, row.width - rightWidth - 1)
        let left: (String, Style)
        let offers = dockSource?.offers ?? []
        // A status message (and "Continuing…") takes the dock's place for its moment: drawn over the content's
        // first row it covered the app's tab bar or border. Ctrl-O stays first in the help bar meanwhile.
        if let banner, banner.expires > now() {
            banner.render(in: Rect(x: row.x, y: row.y, width: room, height: 1), into: &buffer)
            left = ("", Theme.bar)
        } else if continuingApp != nil {
            Banner(Self.continuingText).render(in: Rect(x: row.x, y: row.y, width: room, height: 1), into: &buffer)
            left = ("", Theme.bar)
        } else if !offers.isEmpty {
            left = (DockLine.text(for: offers, now: now(), room: room), Theme.dock)
        } else if let note = dockSource?.connectionNote {
            left = (" \(note) ", Theme.warning)
        } else {
            left = (" no activity offered", Theme.barDim)
        }
        if !left.0.isEmpty {
            buffer.put(TextWidth.truncate(left.0, to: room), x: row.x, y: row.y, style: left.1, clip: row)
        }
        if row.width > rightWidth { buffer.put(right, x: row.maxX - rightWidth, y: row.y, style: Theme.bar) }
    }
}
