import BatonEnvironment
import Foundation
import MonkeyBrowser
import TestSupport
import Testing

@testable import TerminalUI

/// A browser over fixture pages in its own BATON_HOME, with the context the suite would give it.
final class BrowserHarness {
    let home: URL
    let port: MessagePort
    let app: BrowserApp
    var timers: [LoopTimer: TimeInterval] = [:]
    var activated: [String] = []
    /// Messages the browser posted to others (Stores), with their addressees.
    var posted: [Envelope] = []
    /// The content area the browser was last told of.
    private var area: Rect?
    lazy var context = SuiteContext(
        owner: .app("MonkeyBrowser"), device: "A", now: { Date(timeIntervalSince1970: 1_750_000_000) },
        port: port, schedule: { [unowned self] timer, seconds in timers[timer] = seconds }, banner: { _ in },
        activate: { [unowned self] name in activated.append(name) })

    var snapshotFile: URL {
        BrowserSnapshot.file(paths: BatonPaths(environment: ["BATON_HOME": home.path]), device: "A")
    }

    init(
        pages: [String: String] = [:], home: URL? = nil, historyTimeout: Duration = .seconds(3),
        posts: RequestCount? = nil
    ) throws {
        self.home = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("baton-browser-\(UUID())")
        port = try MessagePort()
        let paths = BatonPaths(environment: ["BATON_HOME": self.home.path])
        app = BrowserApp(
            fetcher: FixtureFetcher(pages: pages, posts: posts), pagesDirectory: FixtureFetcher.pagesBase,
            snapshotFile: BrowserSnapshot.file(paths: paths, device: "A"), manifest: nil, coordinator: nil,
            historyTimeout: historyTimeout)
    }

    func remove() { try? FileManager.default.removeItem(at: home) }

    /// Hands the browser every message until no tab is loading (waiting on the port, never sleeping).
    func settle() async {
        let deadline = Date().addingTimeInterval(180)
        while Date() < deadline {
            deliver()
            if !app.tabs.tabs.contains(where: { $0.loading != nil }) { return }
            await port.nextPost(within: 1)
        }
        Issue.record("pages did not finish loading")
    }

    /// Hands the browser the messages posted to it; keeps the others.
    func deliver() {
        posted += port.drain(deliveringTo: context.owner) { _ = app.receive($0, context: context) }
    }

    /// Fires the pending browser timer `key` (as the loop would when it is due).
    func fire(_ key: LoopTimer) {
        timers[key] = nil
        app.timerFired(key, context: context)
    }

    /// Draws one frame (as the suite does before any key, so the pane size is known).
    func frame(width: Int = 80, height: Int = 24) -> [String] {
        render(width: width, height: height).textLines()
    }

    /// Draws one frame at `width`×`height`, telling the browser its content area first when it changed (as
    /// the shell does on a resize).
    func render(width: Int = 80, height: Int = 24) -> CellBuffer {
        let newArea = Rect(x: 0, y: 0, width: width, height: height)
        if area != newArea {
            area = newArea
            _ = app.receive(ContentAreaChanged(area: newArea), context: context)
        }
        var buffer = CellBuffer(size: Size(width: width, height: height))
        _ = app.render(in: newArea, into: &buffer, context: context)
        return buffer
    }

    /// Shows the browser and waits for the first page.
    func open() async {
        _ = frame()
        app.appear(context: context)
        await settle()
    }

    func press(_ keys: KeyPress...) async {
        for key in keys { _ = app.handle(.key(key), context: context) }
        await settle()
    }

    /// Types `address` into the address bar and goes there.
    func go(to address: String) async {
        await press(.ctrl("l"), .ctrl("u"))
        await type(address)
        await press(KeyPress(.enter))
    }

    func type(_ text: String) async {
        for character in text { _ = app.handle(.key(.char(character)), context: context) }
        await settle()
    }

    /// The frame with a second picture beneath it: `#` where cells are highlighted (link focus, current
    /// match), `~` for other matches — so golden files show highlights too.
    func framedWithHighlights(width: Int = 80, height: Int = 24) -> [String] {
        let buffer = render(width: width, height: height)
        let marks = (0..<buffer.size.height).map { y in
            var row = ""
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                row += style == Theme.selection ? "#" : style == Theme.warning ? "~" : " "
            }
            while row.last == " " { row.removeLast() }
            return row
        }
        return buffer.textLines() + ["--- highlights ---"] + marks
    }
}
