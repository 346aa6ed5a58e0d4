import ArgumentParser
import BatonEnvironment
import EncryptedPush
import Foundation
import Notifications

/// `baton push FILE|- [--device D] [--app BUNDLE] [--collapse-id ID] [--priority 10|5|1] [--expiration DATE|0]
/// [--encrypt] [--token HEX]`: delivers an APNs payload as `xcrun simctl push` does.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Deliver an APNs payload (JSON or .apns file, - for standard input) to an app.",
        discussion: """
            The answer means accepted and stored, as APNs' does: with the app's service extension to run (up to \
            30 s), it is "accepted" at once (JSON: "state": "accepted") and the push is delivered afterwards, even \
            across a daemon restart, so a script never needs to retry; --wait waits until it has gone and prints \
            where. A push that shows nothing (content-available without an alert, or only a badge) reaches the \
            app without a notification. An app whose notifications are denied on a device does not show it there \
            ("not shown on D (denied)"; JSON: "notShown"). \
            Errors name APNs' reasons, one line each; with --json they print {"reason": …, "detail": …}. \
            Exit codes: 0 delivered, waiting or dropped as asked; 1 the daemon failed; 64 usage; 66 the file \
            cannot be read; 20 PayloadEmpty, 21 PayloadTooLarge, 22 BadPayload, 23 BadAps, 24 BadAlert, \
            25 BadBadge, 26 BadSound, 27 BadInterruptionLevel, 28 BadRelevanceScore, 29 BadApsValue, \
            30 BadUserInfo, 31 BadLocalization, 32 BadCollapseId, 33 BadPriority, 34 BadExpirationDate, \
            35 MissingTopic, 36 BadTopic (unknown app), 37 BadDeviceToken (unknown device or token), \
            38 DeviceTokenNotForTopic (the token is another app's), 39 Unregistered (the app unregistered the \
            token; the line says when, with APNs' 410 timestamp in milliseconds; JSON: "timestamp").
            """)

    @Argument(help: ArgumentHelp("The payload file, or - for standard input.", valueName: "file|-")) var file: String
    @Option(help: ArgumentHelp("Only this device (default: every device of the account).", valueName: "name"))
    var device: String?
    @Option(
        help: ArgumentHelp(
            "Only the app and device this token names (baton notifications tokens); no topic: the token's app.",
            valueName: "hex"))
    var token: String?
    @Option(help: ArgumentHelp("The app (overrides the file's \"Simulator Target Bundle\").", valueName: "bundle"))
    var app: String?
    @Option(
        name: .customLong("collapse-id"),
        help: ArgumentHelp("Replace a pending or delivered notification with this id (≤ 64 bytes).", valueName: "id"))
    var collapseID: String?
    @Option(help: ArgumentHelp("10 (now), 5 or 1 (power-saving).", valueName: "10|5|1")) var priority: String?
    @Option(
        help: ArgumentHelp(
            "0: deliver now or drop; else wait for a disconnected device until this date (ISO 8601 or UNIX time).",
            valueName: "date|0"))
    var expiration: String?
    @Flag(help: "Seal the alert and custom keys with the app's key (its service extension decrypts them).")
    var encrypt = false
    @Flag(help: "When the app's service extension runs first, wait until the push has gone and print where.")
    var wait = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if token != nil, device != nil { throw ValidationError("--token names its device: leave out --device") }
    }

    func run() async throws {
        var data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                // Not an APNs reason: there is no payload at all.
                let problem = "cannot read \(BoundedQuote.quote(file))"
                if json { JSONOutput.line(["error": problem]) }
                NotificationCLI.fail(problem, code: NotificationCLI.ExitCode.noInput)
            }
            data = contents
        }
        let paths = BatonPaths()
        var options = PushOptions(app: app, collapseID: collapseID, priority: priority, expiration: expiration)
        var push: PushNotification
        do {
            do {
                push = try PushPayload.parse(data, options: options)
            } catch let error where error.reason == .missingTopic && token != nil {
                // By token without a topic: the token's own app, as a provider certificate of one topic.
                options.app = try await Self.app(ofToken: token ?? "")
                push = try PushPayload.parse(data, options: options)
            }
            // With the app known, its Localizable.strings resolve the payload's *-loc-key entries.
            (push, options) = try PushPayload.localized(push, data, options: options)
        } catch {
            refuse(error)
        }
        if encrypt {
            do {
                let key = try EncryptedPush.loadOrCreateKey(
                    appGroupDirectory: paths.appGroupDirectory, bundleIdentifier: push.bundleIdentifier)
                data = try EncryptedPush.seal(payload: data, key: key)
                push = try PushPayload.parse(data, options: options)
            } catch let error as PushError {
                refuse(error)
            } catch {
                NotificationCLI.fail("cannot encrypt the payload: \(error)", code: NotificationCLI.ExitCode.invalid)
            }
        }
        // Waiting: beyond the extension's 30 s limit and the daemon's own margin. Otherwise beyond the account link's
        // deadline (`PushRelay.answerDeadline`, 5 s): a link that does not answer (stopped) has the daemon hold the
        // push and answer "queued"; a wait of the same length gave up first and called a kept push a failure.
        let answer = await NotificationCLI.request(
            .push(PushIntake(push: push, device: device, token: token)), timeout: wait ? .seconds(90) : .seconds(15),
            final: { [wait] answer in
                guard wait, case .pushed(let outcome) = answer else { return true }
                return outcome.state != .accepted
            }
        ) { [json] failure in
            // The daemon's refusals print as the parser's do under --json.
            let refusal = PushError(refusal: failure.message)
            if json {
                var line: [String: Any] = [
                    "reason": refusal?.reason.rawValue ?? "DaemonFailed", "detail": refusal?.detail ?? failure.message,
                ]
                // APNs' 410 body: the time the token stopped being valid, in milliseconds.
                if let stamp = refusal?.timestamp { line["timestamp"] = stamp }
                JSONOutput.line(line)
            }
            return refusal?.exitCode
        }
        guard case .pushed(let outcome) = answer else {
            NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
        if json { return try JSONOutput.print(outcome) }
        if outcome.state == .accepted {
            return print(
                "\(outcome.identifier): accepted (the app's service extension runs; it is delivered afterwards)")
        }
        var parts: [String] = []
        if !outcome.delivered.isEmpty { parts.append("delivered to \(outcome.delivered.joined(separator: ", "))") }
        if !outcome.waiting.isEmpty { parts.append("waiting for \(outcome.waiting.joined(separator: ", "))") }
        if !outcome.dropped.isEmpty {
            parts.append("dropped for \(outcome.dropped.joined(separator: ", ")) (not connected)")
        }
        if let notShown = outcome.notShown, !notShown.isEmpty {
            let devices = notShown.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
            parts.append("not shown on \(devices.joined(separator: ", "))")
        }
        if let elsewhere = outcome.elsewhere { parts.append(elsewhere.summary) }
        // Device names come from other devices: escaped for the terminal.
        print(
            TerminalText.line("\(outcome.identifier): \(parts.isEmpty ? "no device" : parts.joined(separator: "; "))"))
    }

    /// The app a device token was given to, or `BadDeviceToken` when the daemon gave no such token.
    static func app(ofToken text: String) async throws(PushError) -> String {
        guard case .tokensList(let list) = await NotificationCLI.request(.tokensQuery(NotificationFilter())) else {
            NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed)
        }
        guard let normalized = DeviceToken.normalized(text), let token = list.first(where: { $0.token == normalized })
        else { throw PushError(.badDeviceToken, "\(BoundedQuote.quote(text)) is not a device token of this account") }
        return token.owner.bundleIdentifier
    }

    /// Prints the refusal (as `{"reason": …}` under --json) and exits with its code.
    private func refuse(_ error: PushError, code: Int32? = nil) -> Never {
        if json { JSONOutput.line(["reason": error.reason.rawValue, "detail": error.detail]) }
        NotificationCLI.fail(error.description, code: code ?? error.exitCode)
    }
}
