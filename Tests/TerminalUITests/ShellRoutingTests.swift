import BatonEnvironment
import Foundation
import SuiteShell
import TestSupport
import Testing

@testable import TerminalUI

/// An app that records what reaches it. Its `callback` stands for a library calling back outside the app's
/// update (as Handoff does): it goes through the shell's inbox and arrives in `receive`.
final class ProbeApp: SuiteApp {
    let name: String
    let functionKey: Int
    var helpItems: [HelpItem] { [] }
    var inbox: AppInbox?
    var received: [String] = []
    var timers: [String] = []
    var contextOwners: [Addressee] = []
    var areas: [Rect] = []
    /// How often the app left the front.
    var disappearances = 0
    /// What `receive` answers to a callback (true: the app shows its own progress).
    var answer = true

    init(_ name: String, key: Int) {
        self.name = name
        functionKey = key
    }

    func connect(_ inbox: AppInbox) { self.inbox = inbox }

    func handle(_ event: InputEvent, context: SuiteContext) -> Bool { false }

    func disappear(context: SuiteContext) { disappearances += 1 }

    func receive(_ message: any Sendable, context: SuiteContext) -> Bool {
        if let area = message as? ContentAreaChanged {
            areas.append(area.area)
            return true
        }
        guard let text = message as? String else { return false }
        received.append(text)
        contextOwners.append(context.owner)
        if text == "callback" { context.schedule(after: 2, Tick.fromCallback) }
        if text.hasPrefix("say ") { context.showBanner(String(text.dropFirst(4)), kind: .info) }
        return answer
    }

    func timerFired(_ timer: LoopTimer, context: SuiteContext) {
        if let tick = timer.key(as: Tick.self) { timers.append("\(tick)") }
        contextOwners.append(context.owner)
    }

    func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        buffer.put("\(name) here", x: area.x, y: area.y)
        return nil
    }

    enum Tick: TimerKey { case fromCallback }
}

@Suite("How messages and timers reach their app")
struct ShellRoutingTests {
    static let start = Date(timeIntervalSince1970: 1_735_560_000)

    func makeSuite() throws -> (Shell, EventLoop, ManualClock, HeadlessTerminal, ProbeApp, ProbeApp, MessagePort) {
        let browser = ProbeApp("MonkeyBrowser", key: 1)
        let stores = ProbeApp("Stores", key: 2)
        let port = try MessagePort()
        let clock = ManualClock(now: Self.start)
        let shell = Shell(info: ShellFrames.info, apps: [browser, stores], port: port, now: { clock.now() })
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let loop = EventLoop(terminal: terminal, port: port, clock: clock)
        loop.start(shell)
        return (shell, loop, clock, terminal, browser, stores, port)
    }

    @Test("a timer scheduled from a library callback reaches its own app while another app is active")
    func callbackTimerReachesItsApp() throws {
        let (shell, loop, clock, terminal, browser, stores, _) = try makeSuite()
        terminal.queue(.key(.f(2)))
        loop.turn(shell)
        #expect(shell.activeApp == 1, "Stores is active")
        // The library calls back into MonkeyBrowser between events (no update is running).
        #expect(browser.inbox?.deliver("callback") == true)
        #expect(browser.contextOwners == [.app("MonkeyBrowser")], "the callback came with the browser's own context")
        clock.advance(by: 2)
        loop.turn(shell)
        #expect(browser.timers == ["fromCallback"])
        #expect(stores.timers.isEmpty && stores.received.isEmpty, "the active app got nothing")
        #expect(browser.contextOwners.last == .app("MonkeyBrowser"))
    }

    @Test("a posted message reaches its addressee only, never the first app that takes it")
    func addressedMessages() throws {
        let (shell, loop, _, _, browser, stores, port) = try makeSuite()
        port.post("for stores", to: .app("Stores"))
        port.post("for everyone", to: .everyApp)
        port.post("for nobody", to: .app("Missing"))
        loop.turn(shell)
        #expect(browser.received == ["for everyone"])
        #expect(stores.received == ["for stores", "for everyone"])
    }

    @Test("the content area reaches every app as a message when the terminal's size changes")
    func contentArea() throws {
        let (shell, loop, _, terminal, browser, _, _) = try makeSuite()
        terminal.resize(to: Size(width: 100, height: 30), report: true)
        loop.turn(shell)
        #expect(browser.areas == [Rect(x: 0, y: 1, width: 80, height: 21), Rect(x: 0, y: 1, width: 100, height: 27)])
        #expect(browser.received.isEmpty)
    }

    @Test("a status message takes the dock's row for its moment and leaves the app's first row alone")
    func statusMessageOnTheDockRow() throws {
        let (shell, loop, _, terminal, browser, _, _) = try makeSuite()
        terminal.queue(.key(.f(1)))
        loop.turn(shell)
        #expect(browser.inbox?.deliver("say Copied") == true)
        terminal.queue(.key(.char("x")))
        loop.turn(shell)
        let lines = terminal.screen.textLines()
        // The app's first row (a tab bar, a border) is the app's: the message once covered it.
        #expect(lines[1].hasPrefix("MonkeyBrowser here"), "\(lines)")
        #expect(lines[lines.count - 2].hasPrefix(" Copied"), "\(lines)")
        #expect(lines[lines.count - 2].hasSuffix(" MonkeyBrowser"), "the app's name stays on the right: \(lines)")
    }

    @Test("an app that does not show its own progress gets the suite's Continuing Activity… indicator")
    func continuingIndicator() throws {
        let (shell, loop, _, terminal, browser, _, _) = try makeSuite()
        terminal.queue(.key(.f(1)))
        loop.turn(shell)
        browser.answer = false
        let inbox = try #require(browser.inbox)
        inbox.showContinuingIndicator(!inbox.deliver("willContinue"))
        loop.turn(shell)
        terminal.queue(.key(.char("x")))
        loop.turn(shell)
        // On the dock's row, above the help bar: over the content's first row it covered the app's tab bar.
        let lines = terminal.screen.textLines()
        #expect(lines[lines.count - 2].contains(Shell.continuingText), "\(lines)")
        #expect(!lines[1].contains(Shell.continuingText), "\(lines)")
        inbox.showContinuingIndicator(false)
        terminal.queue(.key(.char("y")))
        loop.turn(shell)
        #expect(!terminal.screen.textLines().joined().contains(Shell.continuingText))
    }

    @Test("a quit request addressed to the shell ends the loop; the app in front leaves it first")
    func quitRequest() throws {
        let (shell, loop, _, terminal, browser, _, port) = try makeSuite()
        terminal.queue(.key(.f(1)))
        loop.turn(shell)
        port.post(ShellQuitRequest(), to: .shell)
        #expect(!loop.turn(shell))
        // What only leaving the front saves (the browser's scroll position) was lost at F10 before.
        #expect(browser.disappearances == 1)
    }

    @Test("F10 closes the suite; the app in front leaves it first")
    func f10() throws {
        let (shell, loop, _, terminal, _, stores, _) = try makeSuite()
        terminal.queue(.key(.f(2)))
        loop.turn(shell)
        terminal.queue(.key(.f(10)))
        #expect(!loop.turn(shell))
        #expect(stores.disappearances == 1)
    }
}
