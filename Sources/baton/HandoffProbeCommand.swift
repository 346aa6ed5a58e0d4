import AccountClient
import ArgumentParser
import BatonBench
import BatonEnvironment
import Foundation
import Handoff
import Wire

/// `baton handoff-probe`: a scriptable Handoff device for process-level tests (hidden).
/// Prints one JSON object per line for each thing that happens.
struct HandoffProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff-probe", abstract: "Test device for Handoff (prints JSON lines).", shouldDisplay: false,
        subcommands: [HandoffProbeAdvertise.self, HandoffProbeContinue.self, HandoffProbeWatch.self])
}

/// The options every probe takes.
struct ProbeOptions: ParsableArguments {
    @Option(help: "Path of the app's Info.plist.") var manifest: String
    @Option(help: "Device name.") var device: String
    @Option(help: "Give up after this many seconds.") var seconds: Double = 30

    func makeSession() throws -> ProbeSession {
        let manifest = try AppManifest.load(from: URL(fileURLWithPath: manifest))
        return ProbeSession(device: device, manifest: manifest, lifetime: seconds)
    }
}

/// `advertise`: makes an activity current and answers continues, printing what its delegate hears.
struct HandoffProbeAdvertise: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advertise", abstract: "Make an activity current and answer continues (JSON lines).")

    @OptionGroup var options: ProbeOptions
    @Option(help: "Activity type.") var type: String
    @Option(help: "Activity title.") var title = "Probe activity"
    @Option(help: "userInfo as JSON text, or @FILE.") var userInfo = "{}"
    @Option(help: "webpageURL.") var webpage: String?
    @Flag(help: "Set needsSave (the delegate's willSave runs before the payload leaves).") var needsSave = false
    @Flag(help: "Never answer payload requests (to test failures mid-continue).") var stall = false
    @Flag(help: "Support continuation streams: echo what the continuing device sends.") var streams = false

    func run() async throws {
        let session = try options.makeSession()
        let info = try ProbeInput.userInfo(userInfo)
        let activity = UserActivity(activityType: type, app: session.app)
        activity.title = title
        activity.userInfo = info
        activity.needsSave = needsSave
        activity.supportsContinuationStreams = streams
        activity.delegate = session.hooks
        do {
            if let webpage { try activity.setWebpageURL(URL(string: webpage)) }
            try activity.becomeCurrent()
        } catch {
            JSONOutput.line(["event": "error", "message": "\(error)"])
            throw ExitCode(2)
        }
        session.start()
        try session.exitUnlessTimedOut(await session.loop(stall: stall) { _ in nil })
    }
}

/// `continue`: waits for an offer, continues it and prints the restored payload or the error.
struct HandoffProbeContinue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue", abstract: "Wait for an offer, continue it and print the payload (JSON lines).")

    @OptionGroup var options: ProbeOptions
    @Option(help: "Only continue an offer from this device.") var from: String?

    func run() async throws {
        let session = try options.makeSession()
        // The probe waits for the source as long as it runs at all: the daemon's own deadline (4610) is what
        // the tests check, never a guess at how fast this process gets to run.
        session.coordinator.continueTimeout = .seconds(options.seconds)
        session.start()
        var started = false
        let code = try await session.loop(stall: false) { session in
            if let outcome = session.hooks.outcome { return outcome }
            guard !started, let offer = session.coordinator.currentOffer,
                from == nil || offer.sourceDevice == from
            else { return nil }
            started = true
            switch session.coordinator.continueOffer() {
            case .openWebpage(let url):
                JSONOutput.line(["event": "webpage", "url": url.absoluteString])
                return 0
            case .failed, .started, .nothingOffered: return nil
            }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `watch`: prints offers, withdrawals and connection changes until the time is up.
struct HandoffProbeWatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print offers, withdrawals and connection changes (JSON lines).")

    @OptionGroup var options: ProbeOptions

    func run() async throws {
        let session = try options.makeSession()
        session.start()
        try session.exitUnlessTimedOut(await session.loop(stall: false) { _ in nil })
    }
}

/// Reads probe inputs.
enum ProbeInput {
    /// `text` (or the file after `@`) as JSON, kept as int/double/bool.
    static func userInfo(_ text: String) throws -> [String: PropertyListValue] {
        let data: Data
        if text.hasPrefix("@") {
            data = try Data(contentsOf: URL(fileURLWithPath: String(text.dropFirst())))
        } else {
            data = Data(text.utf8)
        }
        guard case .dictionary(let values) = try PropertyListValue(plainJSON: data) else {
            throw ValidationError("--user-info must be a JSON object")
        }
        return values
    }
}
