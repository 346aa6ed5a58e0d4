import BatonEnvironment
import Foundation
import SuiteShell
import TestSupport
import Testing

@testable import TerminalUI

/// Records what the shell asks of its loop, so its timers and quitting can be checked without a terminal.
final class RecordingLoop: LoopControl {
    var quitRequested = false
    var timers: [String: TimeInterval] = [:]
    func quit() { quitRequested = true }
    func schedule(after seconds: TimeInterval, token: String) { timers[token] = seconds }
    func cancelTimer(_ token: String) { timers[token] = nil }
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
        try Golden.check(frame(shell, Size(width: 120, height: 40)), named: "shell-about-120x40")
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
        #expect(loop.timers["shell:banner"] != nil)
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

/// A dock source with a fixed offer or connection note, to check how the shell shows each.
final class FixedDock: DockSource {
    var currentOffer: DockOffer?
    var connectionNote: String?
    var continued = 0
    init(offer: DockOffer? = nil, note: String? = nil) {
        currentOffer = offer
        connectionNote = note
    }
    func continueCurrentOffer(context: SuiteContext) { continued += 1 }
    func receive(_ message: any Sendable, context: SuiteContext) -> Bool { false }
}

@Suite struct ShellDockTests {
    func dockRow(_ dock: FixedDock) throws -> String {
        let shell = try ShellGoldenTests().makeShell()
        shell.dockSource = dock
        var buffer = CellBuffer(size: Size(width: 100, height: 30))
        _ = shell.render(into: &buffer)
        return buffer.rowText(28)
    }

    @Test func theDockShowsTheOfferWithItsAge() throws {
        let offer = DockOffer(
            app: "MonkeyBrowser", title: "Weather — Forecast", sourceDevice: "box:pts-7",
            since: ShellGoldenTests.fixedNow.addingTimeInterval(-75))
        let row = try dockRow(FixedDock(offer: offer))
        #expect(row.contains("⇆ MonkeyBrowser: Weather — Forecast · from box:pts-7 · 1m · Ctrl-O"))
    }

    @Test func anUnreachableAccountIsSaidInsteadOfSilence() throws {
        #expect(
            try dockRow(FixedDock(note: "account offline · reconnecting…")).contains("account offline · reconnecting…"))
        #expect(try dockRow(FixedDock()).contains("no activity offered"))
    }

    @Test func ctrlOContinuesTheOffer() throws {
        let shell = try ShellGoldenTests().makeShell()
        let dock = FixedDock(
            offer: DockOffer(app: "Stores", title: "Viewing Map", sourceDevice: "b", since: ShellGoldenTests.fixedNow))
        shell.dockSource = dock
        shell.update(.input(.key(.ctrl("o"))), loop: RecordingLoop())
        #expect(dock.continued == 1)
    }
}
