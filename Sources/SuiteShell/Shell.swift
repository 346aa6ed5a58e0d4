import BatonEnvironment
import Foundation
import TerminalUI
import TextWidth

/// Posted to the UI thread to close the suite cleanly (SIGTERM, SIGHUP).
public struct ShellQuitRequest: Sendable {
    public init() {}
}

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
    public private(set) var banner: Banner?
    public var dockSource: DockSource?
    /// Notifications (issue 16): banners over the content, badges and marks in the top bar, keys first.
    public weak var overlay: (any ShellOverlay)?
    private var aboutScroll = ScrollState()
    /// The list `Ctrl-O` opens when several offers stand.
    private var offerPicker: OfferPicker?
    /// Whether the `?` key overlay is open.
    public private(set) var showsKeyOverlay = false
    /// The offer the dock showed in the last frame: `Ctrl-O` continues exactly this one.
    private var shownOfferID: String?
    private var size = Size(width: 80, height: 24)
    private let port: MessagePort
    private let now: @Sendable () -> Date
    private weak var loop: LoopControl?
    private lazy var context = SuiteContext(
        device: info.device, now: now, port: port,
        schedule: { [weak self] token, seconds in self?.scheduleAppTimer(token, seconds) },
        banner: { [weak self] banner in self?.show(banner) },
        activate: { [weak self] name in self?.activate(named: name) })

    public init(
        info: ShellInfo, apps: [any SuiteApp], port: MessagePort, now: @escaping @Sendable () -> Date
    ) {
        self.info = info
        self.apps = apps.sorted { $0.functionKey < $1.functionKey }
        self.port = port
        self.now = now
    }

    /// The context handed to apps (device, clock, message port, timers, banners).
    public var suiteContext: SuiteContext { context }

    private var bindings: [KeyBinding<ShellAction>] { ShellBindings.table(apps: apps) }

    // MARK: Update

    public func update(_ event: LoopEvent, loop: LoopControl) {
        self.loop = loop
        switch event {
        case .input(.resize(let newSize)):
            size = newSize
        case .input(.key(let press)):
            handle(press, loop: loop)
        case .input(.mouse(let mouse)):
            handle(mouse)
        case .message(let message):
            if dockSource?.receive(message, context: context) == true { break }
            if message is ShellQuitRequest {
                loop.quit()
                break
            }
            for (index, app) in apps.enumerated()
            where withTimerOwner(index, { app.receive(message, context: context) }) {
                break
            }
        case .timer(let token):
            routeTimer(token)
        }
        // While an offer stands, redraw each second so its age stays true.
        if dockSource?.currentOffer != nil { loop.schedule(after: 1, token: "shell:dock") }
    }

    /// Sets the size the next frame is laid out for (the loop reports resizes as events).
    public func resize(to newSize: Size) { size = newSize }

    private func handle(_ press: KeyPress, loop: LoopControl) {
        if offerPicker != nil, handlePicker(press) { return }
        if isLargeEnough, overlay?.handleOverlayKey(press) == true { return }  // issue 16: banners take keys first
        if showsKeyOverlay, press == .char("?") || press == KeyPress(.escape) {
            showsKeyOverlay = false
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
            return
        }
        if let index = activeApp {
            _ = withTimerOwner(index) { apps[index].handle(.key(press), context: context) }
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
            _ = withTimerOwner(index) { apps[index].handle(.mouse(mouse), context: context) }
        } else if mouse.kind == .wheelUp || mouse.kind == .wheelDown {
            _ = aboutScroll.handle(
                .init(mouse.kind == .wheelUp ? .up : .down), contentHeight: aboutLines().count,
                viewHeight: contentArea.height)
        }
    }

    private func perform(_ action: ShellAction, loop: LoopControl) {
        switch action {
        case .quit: loop.quit()
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

    /// The app shown before About, so `Esc` on About goes back to it.
    private var lastApp: Int?

    private func switchTo(_ index: Int?) {
        guard index != activeApp else { return }
        if let old = activeApp { withTimerOwner(old) { apps[old].disappear(context: context) } }
        if index == nil { lastApp = activeApp }
        activeApp = index
        if let index { withTimerOwner(index) { apps[index].appear(context: context) } }
    }

    private func activate(named name: String) {
        if let index = apps.firstIndex(where: { $0.name == name }) { switchTo(index) }
    }

    private func show(_ newBanner: Banner) {
        banner = newBanner
        loop?.schedule(
            after: max(0.05, newBanner.expires.timeIntervalSince(now())), token: "shell:banner")
    }

    private func scheduleAppTimer(_ token: String, _ seconds: TimeInterval) {
        guard let index = activeAppIndexForTimer() else { return }
        loop?.schedule(after: seconds, token: "app:\(apps[index].name):\(token)")
    }

    /// Timers belong to the app that is handling an event right now; apps get this through context.
    private var timerOwner: Int?
    private func activeAppIndexForTimer() -> Int? { timerOwner ?? activeApp }

    private func routeTimer(_ token: String) {
        if token == "shell:banner" {
            if let banner, banner.expires <= now().addingTimeInterval(0.01) { self.banner = nil }
            return
        }
        guard token.hasPrefix("app:") else { return }
        let parts = token.split(separator: ":", maxSplits: 2).map(String.init)
        guard parts.count == 3, let index = apps.firstIndex(where: { $0.name == parts[1] }) else {
            return
        }
        withTimerOwner(index) { apps[index].timerFired(parts[2], context: context) }
    }

    /// Runs app code with timers it schedules attributed to app `index`.
    @discardableResult
    private func withTimerOwner<T>(_ index: Int, _ body: () -> T) -> T {
        let saved = timerOwner
        timerOwner = index
        defer { timerOwner = saved }
        return body()
    }

    // MARK: View

    private var isLargeEnough: Bool {
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

    private func aboutLines() -> [StyledLine] {
        AboutScreen(
            info: info, globalKeys: bindings.allHelpItems(),
            appKeys: apps.map { ($0.name, $0.allKeys) }, now: now()
        ).lines(width: contentArea.width)
    }

    public func render(into buffer: inout CellBuffer) -> Point? {
        size = buffer.size
        let screen = buffer.bounds
        guard isLargeEnough else {
            TooSmallScreen(minimum: Shell.minimumSize).render(in: screen, into: &buffer)
            return nil
        }
        let (top, rest) = screen.splitTop(1)
        let (content, bottom) = rest.splitBottom(2)
        topBar.render(in: top, into: &buffer)
        let deviceLabel = (overlay?.topBarMark.map { " \($0)" } ?? "") + " ◉ \(info.device) "  // issue 16: moon
        let deviceWidth = TextWidth.of(deviceLabel)
        if deviceWidth < top.width / 3 {
            buffer.put(deviceLabel, x: top.maxX - deviceWidth, y: top.y, style: Theme.barSelected)
        }
        var cursor: Point?
        if let index = activeApp {
            cursor = apps[index].render(in: content, into: &buffer, context: context)
        } else {
            ScrollView(lines: aboutLines()).render(
                in: content.inset(left: 2, right: 1), state: &aboutScroll, into: &buffer)
        }
        if let banner, banner.expires > now() {
            banner.render(in: content.splitTop(1).top, into: &buffer)
        }
        if let overlay, let overlayCursor = overlay.renderOverlay(in: content, into: &buffer) {  // issue 16
            cursor = overlayCursor
        }
        renderDockRow(bottom.splitTop(1).top, into: &buffer)
        HelpBar(items: helpBarItems, pinned: Self.keysHelp).render(in: bottom.splitBottom(1).bottom, into: &buffer)
        if showsKeyOverlay {
            keyOverlay.render(in: content, into: &buffer)
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
        (activeApp.map { apps[$0].helpItems } ?? []) + bindings.helpItems()
    }

    static let keysHelp = HelpItem(keys: "?", label: "all keys")

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
        shownOfferID = offers.count == 1 ? offers.first?.id : nil
        if let offer = offers.first, offers.count > 1 {
            let age = offer.age(at: now())
            left = (" ⇆ \(offers.count) offers · newest \(offer.summary) · \(age) · Ctrl-O choose ", Theme.dock)
        } else if let offer = offers.first {
            let age = offer.age(at: now())
            left = (" ⇆ \(offer.summary) · \(age) · Ctrl-O ", Theme.dock)
        } else if let note = dockSource?.connectionNote {
            left = (" \(note) ", Theme.warning)
        } else {
            left = (" no activity offered", Theme.barDim)
        }
        buffer.put(TextWidth.truncate(left.0, to: room), x: row.x, y: row.y, style: left.1, clip: row)
        if row.width > rightWidth { buffer.put(right, x: row.maxX - rightWidth, y: row.y, style: Theme.bar) }
    }
}
