import BatonEnvironment
import Foundation
import Synchronization
import TestSupport
import Testing
import Today

@testable import TerminalUI

/// Runs each update at once on the calling thread; its result waits in the message port.
struct InlineUpdateRunner: WidgetUpdateRunner {
    func run(_ work: @escaping @Sendable () -> Void) { work() }
}

/// A clock the test sets by hand.
final class HandClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 0))
    var now: Date {
        get { time.withLock { $0 } }
        set { time.withLock { $0 = newValue } }
    }
}

/// A Today panel over a fixture, with a hand-set clock and the timers it asked for.
final class PanelHarness {
    let fixture: WidgetFixture
    let app: TodayApp
    let port: MessagePort
    let clock = HandClock()
    var timers: [LoopTimer: TimeInterval] = [:]
    var activated: [String] = []
    /// Messages the panel posted to others (a store to open), with their addressees.
    var posted: [Envelope] = []
    private var shownArea: Rect?
    lazy var context = SuiteContext(
        owner: .app("Today"), device: "box:pts-3", now: { [clock] in clock.now }, port: port,
        schedule: { [unowned self] timer, seconds in timers[timer] = seconds }, banner: { _ in },
        activate: { [unowned self] name in activated.append(name) })

    init(fixture: WidgetFixture, resources: URL, now: Date) throws {
        self.fixture = fixture
        port = try MessagePort()
        app = TodayApp(
            catalog: Result { try WidgetCatalog.load(resources: resources) }.mapError {
                $0 as? ManifestError ?? .unreadable(file: "", reason: "\($0)")
            },
            preferencesFile: WidgetPreferences.file(paths: fixture.paths, device: "box:pts-3"),
            host: fixture.host(), runner: InlineUpdateRunner(), timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        clock.now = now
    }

    /// A panel of the shipped widgets in a fresh BATON_HOME.
    static func shipped(now: Date) throws -> PanelHarness {
        try PanelHarness(fixture: try WidgetFixture(), resources: WidgetFixture.repositoryResources, now: now)
    }

    /// Hands the panel every finished update; keeps messages for others.
    func deliver() {
        posted += port.drain(deliveringTo: context.owner) { _ = app.receive($0, context: context) }
    }

    func press(_ key: KeyPress) {
        _ = app.handle(.key(key), context: context)
        deliver()
    }

    func frame(width: Int = 80, height: Int = 16) -> [String] { render(width: width, height: height).textLines() }

    /// Draws one frame, telling the panel its content area first when it changed (as the shell does).
    func render(width: Int = 80, height: Int = 16) -> CellBuffer {
        let area = Rect(x: 0, y: 0, width: width, height: height)
        if area != shownArea {
            shownArea = area
            _ = app.receive(ContentAreaChanged(area: area), context: context)
        }
        var buffer = CellBuffer(size: Size(width: width, height: height))
        _ = app.render(in: Rect(x: 0, y: 0, width: width, height: height), into: &buffer, context: context)
        return buffer
    }
}

@Suite("Today panel, rendered headlessly")
struct TodayPanelTests {
    static let newYearsEve = Date(timeIntervalSince1970: 1_735_689_540)  // 2024-12-31T23:59:00Z

    @Test("cards load with a spinner, then show text; Enter expands the selected card")
    func cards() throws {
        let panel = try PanelHarness.shipped(now: Self.newYearsEve)
        let fixture = panel.fixture
        defer { fixture.remove() }
        _ = panel.frame()
        panel.app.appear(context: panel.context)
        try Golden.check(panel.frame(), named: "today-updating")
        panel.deliver()
        try Golden.check(panel.render(), named: "today-compact")
        panel.press(KeyPress(.enter))
        try Golden.check(panel.frame(), named: "today-expanded")
        #expect(panel.app.helpItems.map(\.keys).contains("Enter"))
    }

    @Test("the panel schedules its next update at local midnight and shows the new day after it")
    func midnight() throws {
        let panel = try PanelHarness.shipped(now: Self.newYearsEve)
        let fixture = panel.fixture
        defer { fixture.remove() }
        panel.app.appear(context: panel.context)
        panel.deliver()
        #expect(panel.timers[LoopTimer(TodayTimer.nextUpdate)] == 60)
        panel.clock.now = Self.newYearsEve.addingTimeInterval(60)
        panel.app.timerFired(LoopTimer(TodayTimer.nextUpdate), context: panel.context)
        panel.deliver()
        #expect(panel.frame().contains { $0.contains("Today is day 1. There are 364 days remaining in the year.") })
        #expect(panel.timers[LoopTimer(TodayTimer.nextUpdate)] == 86_400)
    }

    @Test("Edit mode adds, reorders and removes widgets, remembered per device")
    func edit() throws {
        let panel = try PanelHarness.shipped(now: Self.newYearsEve)
        let fixture = panel.fixture
        defer { fixture.remove() }
        _ = panel.frame()
        panel.press(.char("e"))
        panel.press(KeyPress(.down))
        panel.press(.char(" "))
        panel.press(.char("K"))
        try Golden.check(panel.frame(), named: "today-edit")
        panel.press(KeyPress(.escape))
        #expect(!panel.app.isEditing)
        try Golden.check(panel.frame(), named: "today-two-cards")
        let saved = try WidgetPreferences.load(from: WidgetPreferences.file(paths: fixture.paths, device: "box:pts-3"))
        #expect(saved.enabled == ["com.baton.today.favorites", "com.baton.today.days-remaining"])

        // Removing a widget keeps the selection on it, now among the available ones.
        panel.press(.char("e"))
        panel.press(.char(" "))
        panel.press(KeyPress(.up))
        panel.press(.char(" "))
        panel.press(.char("e"))
        #expect(panel.app.cards.isEmpty)
        #expect(panel.frame().first == " No widgets. Press e to add widgets.")
    }

    @Test("a widget that crashes shows Unable to Load; the others keep working")
    func unableToLoad() throws {
        let fixture = try WidgetFixture()
        defer { fixture.remove() }
        try fixture.installWidget("Faulty", name: "faulty", executable: "faulty-widget")
        try fixture.installWidget("DaysRemaining", name: "days-remaining", executable: "days-remaining")
        try fixture.setFaultyMode("crash")
        try WidgetPreferences(enabled: ["com.baton.today.faulty", "com.baton.today.days-remaining"]).save(
            to: WidgetPreferences.file(paths: fixture.paths, device: "box:pts-3"))
        let panel = try PanelHarness(fixture: fixture, resources: fixture.resources, now: Self.newYearsEve)
        _ = panel.frame()
        panel.app.appear(context: panel.context)
        panel.deliver()
        try Golden.check(panel.frame(), named: "today-unable-to-load")
    }
}
