import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton push FILE|- [--device D] [--app BUNDLE] [--collapse-id ID] [--priority 10|5|1] [--expiration DATE|0]`:
/// delivers an APNs payload as `xcrun simctl push` does.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Deliver an APNs payload (JSON or .apns file, - for standard input) to an app.",
        discussion: """
            Errors name APNs' reasons (PayloadEmpty, PayloadTooLarge, BadPayload, BadCollapseId, BadPriority, \
            BadExpirationDate, MissingTopic, BadDeviceToken, BadTopic); with --json they print {"reason": …}.
            Exit codes: 0 delivered, waiting or dropped as asked; 1 the daemon failed; 64 usage; 65 a refused \
            payload or option; 66 the file cannot be read; 67 unknown app (BadTopic) or device (BadDeviceToken).
            """)

    @Argument(help: ArgumentHelp("The payload file, or - for standard input.", valueName: "file|-")) var file: String
    @Option(help: ArgumentHelp("Only this device (default: every device of the account).", valueName: "name"))
    var device: String?
    @Option(help: ArgumentHelp("The app (overrides the file's \"Simulator Target Bundle\").", valueName: "bundle"))
    var app: String?
    @Option(name: .customLong("collapse-id"), help: ArgumentHelp("Replace a notification with this id (≤ 64 bytes).", valueName: "id"))
    var collapseID: String?
    @Option(help: ArgumentHelp("10 (now), 5 or 1 (power-saving).", valueName: "10|5|1")) var priority: Int = 10
    @Option(help: ArgumentHelp("0: deliver now or drop; else wait for a disconnected device until this ISO 8601 date.", valueName: "date|0"))
    var expiration: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                refuse(ApnsRefusal("PayloadEmpty", "cannot read \(BoundedQuote.quote(file))"), code: NotificationCLI.ExitCode.noInput)
            }
            data = contents
        }
        guard [10, 5, 1].contains(priority) else { refuse(ApnsRefusal("BadPriority", "--priority must be 10, 5 or 1, not \(priority)")) }
        if let collapseID, collapseID.utf8.count > 64 || collapseID.isEmpty {
            refuse(ApnsRefusal("BadCollapseId", "--collapse-id is \(collapseID.utf8.count) bytes; it must be 1 to 64"))
        }
        var expires = PushExpiration.never
        if let expiration {
            if expiration == "0" {
                expires = .immediately
            } else if let date = ISO8601Time.parse(expiration) ?? Double(expiration).map(Date.init(timeIntervalSince1970:)) {
                expires = .at(date)
            } else {
                refuse(ApnsRefusal("BadExpirationDate", "--expiration \(BoundedQuote.quote(expiration)) is not 0, an ISO 8601 date or a UNIX time"))
            }
        }
        let payload: ApnsPayloadReader.Payload
        do {
            payload = try ApnsPayloadReader.read(data)
        } catch {
            refuse(error)
        }
        guard let bundle = app ?? payload.targetBundle else {
            refuse(ApnsRefusal("MissingTopic", "name the app with --app or \"Simulator Target Bundle\""))
        }
        let push = PushIntake(
            bundleIdentifier: bundle, device: device, content: payload.content, collapseID: collapseID, priority: priority,
            expiration: expires)
        let answer = await NotificationCLI.request(.push(push))
        guard case .pushed(let outcome) = answer else {
            NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
        if json { return try JSONOutput.print(outcome) }
        var parts: [String] = []
        if !outcome.delivered.isEmpty { parts.append("delivered to \(outcome.delivered.joined(separator: ", "))") }
        if !outcome.waiting.isEmpty { parts.append("waiting for \(outcome.waiting.joined(separator: ", "))") }
        if !outcome.dropped.isEmpty { parts.append("dropped for \(outcome.dropped.joined(separator: ", ")) (not connected)") }
        print("\(outcome.identifier): \(parts.isEmpty ? "no device" : parts.joined(separator: "; "))")
    }

    /// Prints the refusal (as `{"reason": …}` under --json) and exits.
    private func refuse(_ refusal: ApnsRefusal, code: Int32 = NotificationCLI.ExitCode.invalid) -> Never {
        if json { JSONOutput.line(["reason": refusal.reason, "detail": refusal.detail]) }
        NotificationCLI.fail(refusal.description, code: code)
    }
}
