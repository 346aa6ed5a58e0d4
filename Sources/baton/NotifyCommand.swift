import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notify --title T (--in 10m | --at DATE | --calendar "…" | --near LAT,LON --radius M) …`: schedules a
/// local notification and prints its identifier and next fire date.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Schedule a local notification; prints its identifier and next fire date.",
        discussion: """
            Where: with --device (or BATON_DEVICE, as in the suite) that device; from a plain shell every device \
            of the account (the terminal's own when there is none yet), as baton push does; the answer names them. \
            Daylight saving (--calendar): a time skipped when clocks go forward fires at the first valid time after \
            it (02:30 on a day that jumps 02:00→03:00 fires at 03:00; "minute=45 second=30" in the skipped hour \
            fires at 03:00:00); a time repeated when clocks go back fires once, on its first occurrence. \
            Exit codes: 0 scheduled; 1 the daemon failed; 64 usage; 65 invalid trigger, content or attachment \
            (interval ≤ 0, repeating under 60 s, a past date, coordinates out of range, unknown category…); \
            66 attachment missing; 67 unknown app or device; 75 the app's 64 pending requests all fire sooner.
            """)

    @Option(help: "The title.") var title: String
    @Option(help: "The subtitle.") var subtitle: String = ""
    @Option(help: "The body.") var body: String = ""
    @OptionGroup var trigger: NotifyTriggerOptions
    @Option(
        help: ArgumentHelp(
            "The identifier (a request with the same one is replaced; default: a new UUID).", valueName: "id"))
    var id: String?
    @Option(help: "A category the app registered.") var category: String = ""
    @Option(help: "Group with notifications of this thread.") var thread: String = ""
    @Option(parsing: .unconditional, help: "Set the app's badge to N (0 clears it).") var badge: Int?
    @Option(help: ArgumentHelp("A sound name, or none (default: the default sound).", valueName: "name|none"))
    var sound: String = "default"
    @Option(help: ArgumentHelp("passive, active, time-sensitive or critical.", valueName: "level"))
    var level: String = "active"
    @Option(
        help: ArgumentHelp("Attach an image, audio or video file (copied into the daemon's store).", valueName: "file"))
    var attach: [String] = []
    @Option(
        help: ArgumentHelp(
            "The app it belongs to (default: baton's own, \(NotificationCLI.cliBundle)).", valueName: "bundle"))
    var app: String = NotificationCLI.cliBundle
    @OptionGroup var options: DeviceOptions
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let clock = try options.clock()
        let interruption: InterruptionLevel
        switch level {
        case "passive": interruption = .passive
        case "active": interruption = .active
        case "time-sensitive": interruption = .timeSensitive
        case "critical": interruption = .critical
        default:
            NotificationCLI.fail(
                "--level \(BoundedQuote.quote(level)) is not passive, active, time-sensitive or critical",
                code: NotificationCLI.ExitCode.usage)
        }
        if let badge, badge < 0 {
            NotificationCLI.fail("--badge must be 0 or more", code: NotificationCLI.ExitCode.usage)
        }
        let when: NotificationTrigger
        do {
            when = try trigger.trigger()
        } catch {
            NotificationCLI.fail(error.description, code: NotificationCLI.ExitCode.invalid)
        }
        for path in attach {
            do {
                _ = try AttachmentStore.inspect(path: path)
            } catch {
                NotificationCLI.fail(error.description, code: Self.exitCode(error))
            }
        }
        guard !(title.isEmpty && subtitle.isEmpty && body.isEmpty) else {
            NotificationCLI.fail(
                "nothing to show: --title, --subtitle and --body are all empty", code: NotificationCLI.ExitCode.invalid)
        }
        let content = NotificationContent(
            title: title, subtitle: subtitle, body: body, badge: badge,
            sound: sound == "none" ? nil : sound == "default" ? .default : .named(sound), categoryIdentifier: category,
            threadIdentifier: thread, interruptionLevel: interruption)
        var request = NotificationRequest(identifier: id ?? UUID().uuidString, content: content, trigger: when)
        do {
            try request.validate(now: clock.now(), deviceTimeZone: .current)
            // Copied into the daemon's store only once the request is known to be valid.
            let store = BatonPaths().stateDirectory.appendingPathComponent(
                "notification-attachments", isDirectory: true)
            request.content.attachments = try attach.map { path throws(NotificationValidationError) in
                try AttachmentStore.copy(path: path, identifier: UUID().uuidString, into: store)
            }
        } catch {
            NotificationCLI.fail(error.description, code: Self.exitCode(error))
        }
        let owner = NotificationOwner(bundleIdentifier: app, device: options.deviceName)
        // From a plain shell (no --device, no BATON_DEVICE) it is for every device of the account, as a push is.
        let answer = await NotificationCLI.request(
            .add(
                AddNotification(
                    // --device names this terminal's device as BATON_DEVICE does (a new name makes a new device).
                    owner: owner, request: request, requester: options.deviceName,
                    everyDevice: options.isDeviceNamed ? nil : true)))
        guard case .added(let added) = answer else {
            NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
        if json { return try JSONOutput.print(added) }
        let devices = added.devices ?? [owner.device]
        print(
            "\(added.identifier)  fires \(NotificationCLI.text(added.nextFireDate)) on \(devices.joined(separator: ", "))"
        )
    }

    /// 66 for an attachment that cannot be read at all, 65 for anything else invalid.
    static func exitCode(_ error: NotificationValidationError) -> Int32 {
        switch error {
        case .attachmentMissing, .attachmentUnreadable: NotificationCLI.ExitCode.noInput
        default: NotificationCLI.ExitCode.invalid
        }
    }
}
