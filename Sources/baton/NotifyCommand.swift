import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notify --title T (--in 10m | --at DATE | --calendar "…" | --near LAT,LON --radius M) …`: schedules a
/// local notification and prints its identifier and next fire date.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract:
            "Schedule a local notification (without a trigger: show it now); prints its identifier and next fire date.",
        discussion: """
            Where: with --device (or BATON_DEVICE, as in the suite) that device; from a plain shell every device \
            of the account (the terminal's own when there is none yet), as baton push does; the answer names them. \
            Zone: --at and --calendar read times in yours (TZ, else the system's; sent with the request, so the \
            daemon's own zone never decides) unless --time-zone names one. \
            Daylight saving (--at and --calendar alike, in any zone): a time skipped when clocks go forward fires \
            when they have (02:15 on Lord Howe's 02:00→02:30 night fires at 02:30; 02:30 on a night that jumps \
            02:00→03:00 at 03:00); a time repeated when clocks go back fires once, on its first occurrence, \
            except that a match leaving the hour free ("minute=30", "second=0") fires at both: each is an hour \
            that passes. \
            Scripts: --action ID:TITLE[:destructive|:foreground|:text] (repeatable) adds buttons; with --wait the \
            command waits until one is chosen on any device and prints its ID (with the typed text after a tab \
            for :text; "default" when the notification itself was opened; JSON with --json) and exits 0; it exits \
            2 when the notification is dismissed and 124 when --wait-timeout passes first. Then the notification \
            leaves every device. \
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
    @Option(help: ArgumentHelp("A sound name, default (the default sound) or none.", valueName: "name|default|none"))
    var sound: String = "default"
    @Option(help: ArgumentHelp("passive, active, time-sensitive or critical.", valueName: "level"))
    var level: String = "active"
    @Option(
        help: ArgumentHelp(
            "Attach an image, audio or video file (copied into the daemon's store; the suite names it and offers Open Attachment).",
            valueName: "file"))
    var attach: [String] = []
    @Option(
        help: ArgumentHelp(
            "The app it belongs to (bundle identifier; baton's own unless given).", valueName: "bundle"))
    var app: String = NotificationCLI.cliBundle
    @Option(
        help: ArgumentHelp(
            "A button: ID:TITLE, with :destructive, :foreground or :text (a reply field) after it.",
            valueName: "id:title[:kind]"))
    var action: [String] = []
    @Flag(help: "Wait until an action is chosen and print it (exit 2 dismissed, 124 timed out).") var wait = false
    @Option(
        name: .customLong("wait-timeout"),
        help: ArgumentHelp("With --wait: give up after this long (90, 2s, 10m, 1h).", valueName: "duration"))
    var waitTimeout: String?
    @Option(
        help: ArgumentHelp(
            "A web page the notification opens in MonkeyBrowser when it is chosen (its default action).",
            valueName: "url"))
    var url: String?
    @Flag(help: "The banner stays until acted on, dismissed or put away (the notification stays in the list anyway).")
    var sticky = false
    @Option(help: ArgumentHelp("The banner leaves after this long (2s, 20s, 1m).", valueName: "duration"))
    var expire: String?
    @OptionGroup var options: DeviceOptions
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        // The daemon's clock schedules: a clock only this command sees would check and print another time than the
        // one it fires at. BATON_NOW, which the daemon this command starts inherits, moves both.
        if options.now != nil {
            throw ValidationError(
                "--now does not move the daemon's clock, which schedules the notification; set BATON_NOW for the daemon and this command instead"
            )
        }
        if let url, URL(string: url)?.scheme == nil {
            throw ValidationError("--url \(BoundedQuote.quote(url)) is not a URL (https://…)")
        }
        if sticky, expire != nil { throw ValidationError("--sticky and --expire exclude each other") }
        if let expire, (NotifyTriggerOptions.seconds(expire) ?? 0) <= 0 {
            throw ValidationError("--expire \(BoundedQuote.quote(expire)) is not a duration (2s, 20s, 1m)")
        }
        if waitTimeout != nil, !wait { throw ValidationError("--wait-timeout goes with --wait") }
        if let waitTimeout, (NotifyTriggerOptions.seconds(waitTimeout) ?? 0) <= 0 {
            throw ValidationError("--wait-timeout \(BoundedQuote.quote(waitTimeout)) is not a duration (90, 2s, 10m)")
        }
        for text in action where Self.parseAction(text) == nil {
            throw ValidationError(
                "--action \(BoundedQuote.quote(text)) is not ID:TITLE[:destructive|:foreground|:text]")
        }
    }

    /// "ID:TITLE[:destructive|:foreground|:text]" as an action (the title may hold colons).
    static func parseAction(_ text: String) -> NotificationAction? {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty else { return nil }
        var options: ActionOptions = []
        var textInput: NotificationAction.TextInput?
        if parts.count >= 3, let kind = parts.last, ["destructive", "foreground", "text"].contains(kind) {
            parts.removeLast()
            switch kind {
            case "destructive": options.insert(.destructive)
            case "foreground": options.insert(.foreground)
            default: textInput = .init(buttonTitle: "Send", placeholder: "")
            }
        }
        let title = parts.dropFirst().joined(separator: ":")
        guard !title.isEmpty else { return nil }
        return NotificationAction(identifier: parts[0], title: title, options: options, textInput: textInput)
    }

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
        let when: NotificationTrigger?
        do {
            when = try trigger.trigger(now: clock.now())
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
        if let url { request.content.userInfo["url"] = .string(url) }
        if sticky {
            request.content.userInfo[BannerLifetime.key] = .string("sticky")
        } else if let seconds = expire.flatMap(NotifyTriggerOptions.seconds) {
            request.content.userInfo[BannerLifetime.key] = .double(seconds)
        }
        do {
            try request.validate(now: clock.now(), deviceTimeZone: .current)
            // Copied into the daemon's store only once the request is known to be valid.
            let store = BatonPaths().stateDirectory.appendingPathComponent(
                AttachmentStore.directoryName, isDirectory: true)
            for (path, name) in zip(attach, Self.attachmentNames(attach)) {
                request.content.attachments.append(try AttachmentStore.copy(path: path, identifier: name, into: store))
            }
        } catch {
            AttachmentStore.remove(request.content.attachments)
            NotificationCLI.fail(error.description, code: Self.exitCode(error))
        }
        let owner = NotificationOwner(bundleIdentifier: app, device: options.deviceName)
        // Following before it is added: an answer given at once is not missed.
        let waiting = wait ? await NotificationWait.subscribe(bundle: app) : nil
        let actions = action.compactMap(Self.parseAction)
        // The copies belong to the request: refused, they go at once (the daemon removes them later).
        let copies = request.content.attachments
        // From a plain shell (no --device, no BATON_DEVICE) it is for every device of the account, as a push is.
        let answer = await NotificationCLI.request(
            .add(
                AddNotification(
                    // --device names this terminal's device as BATON_DEVICE does (a new name makes a new device).
                    owner: owner, request: request, requester: options.deviceName,
                    everyDevice: options.isDeviceNamed ? nil : true, actions: actions.isEmpty ? nil : actions,
                    timeZone: AddNotification.callerTimeZone(for: request))),
            cleanup: { AttachmentStore.remove(copies) })
        guard case .added(let added) = answer else {
            AttachmentStore.remove(copies)
            NotificationCLI.fail("unexpected reply '\(answer.kind)'", code: NotificationCLI.ExitCode.failed)
        }
        let devices = added.devices ?? [owner.device]
        let summary =
            "\(TerminalText.line(added.identifier))  fires \(NotificationCLI.text(added.nextFireDate)) on "
            + TerminalText.line(devices.joined(separator: ", "))
        if let waiting {
            // Said on standard error: standard output is the chosen action's.
            CommandLineRunner.printError("baton: \(summary); waiting")
            await waiting.outcome(
                bundle: app, identifier: added.identifier, timeout: waitTimeout.flatMap(NotifyTriggerOptions.seconds),
                json: json)
        }
        if json { return try JSONOutput.print(added) }
        print(summary)
    }

    /// The attachments' identifiers: each file's name (what the suite shows), "name (2)" for a repeated one.
    static func attachmentNames(_ paths: [String]) -> [String] {
        var taken: Set<String> = []
        return paths.map { path in
            let base = URL(fileURLWithPath: path).lastPathComponent
            var name = base
            var number = 2
            while !taken.insert(name).inserted {
                name = "\(base) (\(number))"
                number += 1
            }
            return name
        }
    }

    /// 66 for an attachment that cannot be read at all, 65 for anything else invalid.
    static func exitCode(_ error: NotificationValidationError) -> Int32 {
        switch error {
        case .attachmentMissing, .attachmentUnreadable: NotificationCLI.ExitCode.noInput
        default: NotificationCLI.ExitCode.invalid
        }
    }
}
