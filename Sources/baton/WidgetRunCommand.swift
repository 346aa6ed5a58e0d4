import ArgumentParser
import BatonEnvironment
import Foundation
import Today
import WidgetExtensionKit

/// `baton widget run NAME`: one update of one widget through the real host, its text printed.
struct WidgetRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run one widget once and print its text.")

    @Argument(help: "The widget: its name (days-remaining), bundle identifier or display name.")
    var name: String

    @Option(help: "The time to show, ISO 8601 (else BATON_NOW, else now).")
    var now: String?

    @Flag(help: "Ask for the expanded display.")
    var expanded = false

    @Option(help: "The widest line, in columns.")
    var width = 60

    @Flag(help: "Print text, result, peak RSS (KB) and launch time (ms) as JSON.")
    var json = false

    func run() throws {
        let catalog = try WidgetCLI.catalog()
        guard let widget = catalog.widget(named: name) else {
            throw WidgetCLI.fail(UnknownWidgetError(name: name, installed: catalog.widgets.map(\.name)))
        }
        guard width >= 10 else { throw ValidationError("--width must be at least 10 columns") }
        let clock: BatonClock
        do {
            clock = try BatonClock.resolve(option: now)
        } catch {
            throw ValidationError(String(describing: error))
        }
        let host = WidgetHost(paths: BatonPaths())
        let request = host.request(
            now: clock.now(), displayMode: expanded ? .expanded : .compact, maximumWidth: width)
        let outcome = host.update(widget, request: request)
        if json {
            print(try JSONOutput.string(WidgetRunReport(widget: widget, outcome: outcome)))
        } else {
            // A widget shows what other devices wrote (favourites): escaped for the terminal, lines kept.
            print(TerminalText.lines(outcome.text))
            for url in outcome.openedURLs { print("open: \(TerminalText.line(url.absoluteString))") }
        }
        if let failure = outcome.failure {
            if !json { WidgetCLI.printError("\(widget.name): \(failure)") }
            throw ExitCode(1)
        }
    }
}

/// The `--json` form of `baton widget run`.
struct WidgetRunReport: Encodable {
    var widget: String
    var name: String
    var result: String
    var text: String
    var lines: [String]
    var unableToLoad: Bool
    var error: String?
    var peakRSSKB: Int
    var launchMs: Double?
    var openedURLs: [String]
    var refusedURLs: [String]

    init(widget: WidgetManifest, outcome: WidgetOutcome) {
        self.widget = widget.bundleIdentifier
        name = widget.name
        result = outcome.result.rawValue
        text = outcome.text
        lines = outcome.isUnableToLoad ? ["Unable to Load"] : outcome.content?.lines ?? []
        unableToLoad = outcome.isUnableToLoad
        error = outcome.failure.map(String.init(describing:))
        peakRSSKB = outcome.peakRSSKB
        launchMs = outcome.launchMilliseconds.map { ($0 * 100).rounded() / 100 }
        openedURLs = outcome.openedURLs.map(\.absoluteString)
        refusedURLs = outcome.refusedURLs
    }
}
