import BatonEnvironment
import Foundation
import SuiteShell
import TestSupport
import Testing
import TextWidth

@testable import TerminalUI

/// Records what the shell asks of its loop, so its timers and quitting can be checked without a terminal.
final class RecordingLoop: LoopControl {
    var quitRequested = false
    var timers: [LoopTimer: TimeInterval] = [:]
    func quit() { quitRequested = true }
    func schedule(after seconds: TimeInterval, _ timer: LoopTimer) { timers[timer] = seconds }
    func cancelTimer(_ timer: LoopTimer) { timers[timer] = nil }
}

@Suite struct ShellGoldenTests {
    static let fixedNow = Date(timeIntervalSince1970: 1_735_560_000)  // 2024-12-30T12:00:00Z

    func makeShell() throws -> Shell {
        let paths = BatonPaths(
            runtimeDirectory: URL(fileURLWithPath: "/run/user/1000/baton"),
            stateDirectory: URL(fileURLWithPath: "/home/ada/.local/state/baton"))
        let info = ShellInfo(
            version: "0.1.0", device: "box:pts-3", paths: paths, resources: "/opt/baton/Resources", clockIsFixed: true,
            colorMode: "palette256")
        return Shell(info: info, apps: [], port: try MessagePort(), now: { ShellGoldenTests.fixedNow })
    }

    func frame(_ shell: Shell, _ size: Size) -> [String] {
        var buffer = CellBuffer(size: size)
        _ = shell.render(into: &buffer)
        return buffer.textLines()
    }

    @Test func aboutScreenAt120x40() throws {
        let shell = try makeShell()
        var buffer = CellBuffer(size: Size(width: 120, height: 40))
        _ = shell.render(into: &buffer)
        try Golden.check(buffer, named: "shell-about-120x40")
    }

    /// Issue 26: the suite's apps' device tokens (posted to the shell once they registered) show in About,
    /// each under its app; a fixed token here, as the daemon's are random.
    @Test func aboutShowsTheAppsDeviceTokens() throws {
        let shell = try makeShell()
        let tokens = [
            "com.baton.monkeybrowser": String(repeating: "0123456789abcdef", count: 4),
            "com.baton.stores": String(repeating: "fedcba9876543210", count: 4),
        ]
        shell.update(.message(Envelope(DeviceTokensNotice(tokens: tokens), to: .shell)), loop: RecordingLoop())
        var buffer = CellBuffer(size: Size(width: 120, height: 40))
        _ = shell.render(into: &buffer)
        try Golden.check(buffer, named: "shell-about-tokens-120x40")
    }

    @Test func tooSmallThenRecovers() throws {
        let shell = try makeShell()
        let small = frame(shell, Size(width: 50, height: 12))
        #expect(small.contains { $0.contains("terminal too small (needs 60×16)") })
        let again = frame(shell, Size(width: 120, height: 40))
        try Golden.check(again, named: "shell-about-120x40")
    }

    @Test func functionKeyForAMissingAppExplainsAndF10Quits() throws {
        let shell = try makeShell()
        let loop = RecordingLoop()
        shell.update(.input(.key(.f(2))), loop: loop)
        #expect(shell.banner?.text.contains("Stores is not in this build yet") == true)
        #expect(!loop.timers.isEmpty, "the banner's expiry is armed")
        shell.update(.input(.key(.ctrl("o"))), loop: loop)
        #expect(shell.banner?.text.contains("No activity to continue") == true)
        #expect(!loop.quitRequested)
        shell.update(.input(.key(.f(10))), loop: loop)
        #expect(loop.quitRequested)
    }

    @Test func ctrlCQuitsToo() throws {
        let shell = try makeShell()
        let loop = RecordingLoop()
        shell.update(.input(.key(.ctrl("c"))), loop: loop)
        #expect(loop.quitRequested)
    }
}

/// A dock source with fixed offers or a connection note, to check how the shell shows each; it records
/// which offer (by identity) the shell asked to continue.
final class FixedDock: DockSource {
    var offers: [DockOffer]
    var connectionNote: String?
    var continued: [String] = []
    init(offers: [DockOffer] = [], note: String? = nil) {
        self.offers = offers
        connectionNote = note
    }
    convenience init(offer: DockOffer?, note: String? = nil) { self.init(offers: offer.map { [$0] } ?? [], note: note) }
    func continueOffer(id: String, context: SuiteContext) { continued.append(id) }
    func receive(_ message: any Sendable, context: SuiteContext) -> Bool { false }
}

@Suite struct ShellDockTests {
    static func offer(_ device: String, _ title: String, age: TimeInterval = 75) -> DockOffer {
        DockOffer(
            id: "\(device)#1", app: "MonkeyBrowser", title: title, sourceDevice: device,
            since: ShellGoldenTests.fixedNow.addingTimeInterval(-age))
    }

    func dockRow(_ dock: FixedDock, width: Int = 100) throws -> String {
        try bottomRows(dock, width: width).dock
    }

    /// The dock's row and the help bar's under it, at `width` columns.
    func bottomRows(_ dock: FixedDock, width: Int) throws -> (dock: String, help: String) {
        let shell = try ShellGoldenTests().makeShell()
        shell.dockSource = dock
        var buffer = CellBuffer(size: Size(width: width, height: 30))
        // As the loop does: an event (the terminal's size first), then the frame it leads to.
        shell.update(.input(.resize(buffer.size)), loop: RecordingLoop())
        _ = shell.render(into: &buffer)
        return (buffer.rowText(28), buffer.rowText(29))
    }

    /// At 80 columns a long title once cut the key to "· Ct…", and with two offers "Ctrl-O choose" went.
    @Test func ctrlOIsNeverCutAt80Columns() throws {
        let long = "Weather — A Very Long Page Title That Goes On And On"
        let one = try bottomRows(FixedDock(offer: Self.offer("workstation:pts-12", long)), width: 80)
        #expect(one.dock.contains("· Ctrl-O "), "\(one.dock)")
        #expect(one.help.hasPrefix("Ctrl-O Continue"), "\(one.help)")
        let two = try bottomRows(
            FixedDock(offers: [Self.offer("workstation:pts-12", long), Self.offer("C", "Coffee")]), width: 80)
        #expect(two.dock.contains("· Ctrl-O choose "), "\(two.dock)")
        #expect(two.dock.contains("2 offers"), "\(two.dock)")
        #expect(two.help.hasPrefix("Ctrl-O Choose"), "\(two.help)")
        for room in 0...80 {
            let text = DockLine.text(
                for: [Self.offer("workstation:pts-12", long)], now: ShellGoldenTests.fixedNow, room: room)
            #expect(TextWidth.of(text) <= room, "\(room): \(text)")
            if room >= 6 { #expect(text.contains("Ctrl-O") || text.contains("^O"), "\(room): \(text)") }
        }
    }

    @Test func theDockWithAnOfferInStyle() throws {
        let shell = try ShellGoldenTests().makeShell()
        shell.dockSource = FixedDock(offer: Self.offer("box:pts-7", "Weather — Forecast"))
        var buffer = CellBuffer(size: Size(width: 100, height: 30))
        shell.update(.input(.resize(buffer.size)), loop: RecordingLoop())
        _ = shell.render(into: &buffer)
        try Golden.check(buffer, named: "shell-dock-offer")
    }

    @Test func theDockShowsTheOfferWithItsAge() throws {
        let row = try dockRow(FixedDock(offer: Self.offer("box:pts-7", "Weather — Forecast")))
        #expect(row.contains("⇆ MonkeyBrowser: Weather — Forecast · from box:pts-7 · 1m · Ctrl-O"))
    }

    @Test func anUnreachableAccountIsSaidInsteadOfSilence() throws {
        #expect(
            try dockRow(FixedDock(note: "account offline · reconnecting…")).contains("account offline · reconnecting…"))
        #expect(try dockRow(FixedDock()).contains("no activity offered"))
    }

    @Test func ctrlOContinuesTheOfferShown() throws {
        let shell = try ShellGoldenTests().makeShell()
        let dock = FixedDock(offer: Self.offer("b", "Viewing Map"))
        shell.dockSource = dock
        shell.update(.input(.key(.ctrl("o"))), loop: RecordingLoop())
        #expect(dock.continued == ["b#1"])
    }

    /// The dock showed A's offer; before Ctrl-O, A's went and C's came: Ctrl-O asks for A's (which fails
    /// with 4608 in the dock source), never C's.
    @Test func ctrlOContinuesTheOfferTheUserSawNotANewerOne() throws {
        let shell = try ShellGoldenTests().makeShell()
        let dock = FixedDock(offer: Self.offer("A", "Weather — Page"))
        shell.dockSource = dock
        var buffer = CellBuffer(size: Size(width: 100, height: 30))
        // As the loop does: an event (the terminal's size first), then the frame it leads to.
        shell.update(.input(.resize(buffer.size)), loop: RecordingLoop())
        _ = shell.render(into: &buffer)
        dock.offers = [Self.offer("C", "Coffee — Other")]
        shell.update(.input(.key(.ctrl("o"))), loop: RecordingLoop())
        #expect(dock.continued == ["A#1"])
    }

    @Test func severalOffersAreCountedAndCtrlOLetsTheUserPick() throws {
        let dock = FixedDock(offers: [Self.offer("A", "Weather — One", age: 5), Self.offer("C", "Coffee — Two")])
        #expect(
            try dockRow(dock).contains("⇆ 2 offers · newest MonkeyBrowser: Weather — One · from A · 5s · Ctrl-O choose")
        )
        let shell = try ShellGoldenTests().makeShell()
        shell.dockSource = dock
        shell.update(.input(.key(.ctrl("o"))), loop: RecordingLoop())
        #expect(dock.continued.isEmpty)
        var buffer = CellBuffer(size: Size(width: 100, height: 30))
        _ = shell.render(into: &buffer)
        let screen = buffer.textLines().joined(separator: "\n")
        #expect(screen.contains("Continue which activity?"))
        #expect(screen.contains("1 MonkeyBrowser: Weather — One · from A · 5s"))
        #expect(screen.contains("2 MonkeyBrowser: Coffee — Two · from C · 1m"))
        shell.update(.input(.key(KeyPress(.down))), loop: RecordingLoop())
        shell.update(.input(.key(KeyPress(.enter))), loop: RecordingLoop())
        #expect(dock.continued == ["C#1"])
    }
}

/// The help bar and `?` overlay of the shell itself (About): golden files at 80 and 120 columns.
@Suite struct ShellHelpTests {
    @Test(arguments: [80, 120])
    func helpBarOnAbout(width: Int) throws {
        let shell = try ShellGoldenTests().makeShell()
        var buffer = CellBuffer(size: Size(width: width, height: 24))
        _ = shell.render(into: &buffer)
        let bar = buffer.rowText(23)
        #expect(bar.hasPrefix("F12 About") && bar.contains("? all keys"))
        try Golden.check([bar], named: "shell-help-bar-\(width)")
    }

    @Test func questionMarkOpensAndClosesTheOverlay() throws {
        let shell = try ShellGoldenTests().makeShell()
        shell.update(.input(.key(.char("?"))), loop: RecordingLoop())
        #expect(shell.showsKeyOverlay)
        var buffer = CellBuffer(size: Size(width: 80, height: 24))
        _ = shell.render(into: &buffer)
        try Golden.check(buffer.textLines(), named: "shell-key-overlay-80x24")
        shell.update(.input(.key(KeyPress(.escape))), loop: RecordingLoop())
        #expect(!shell.showsKeyOverlay)
    }
}
