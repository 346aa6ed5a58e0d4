import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notifications count [--app A] [--device D] [--json]`: how many are delivered and pending (for a
/// status bar, as `dunstctl count`).
struct NotificationsCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count", abstract: "Count delivered and pending notifications (for a status bar).")

    @OptionGroup var scope: NotificationScope
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        guard case .deliveredList(let delivered) = await NotificationCLI.request(.deliveredQuery(scope.filter())),
            case .pendingList(let pending) = await NotificationCLI.request(.pendingQuery(scope.filter()))
        else { NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed) }
        if json { return JSONOutput.line(["delivered": delivered.count, "pending": pending.count]) }
        print("\(delivered.count) delivered, \(pending.count) pending")
    }
}

/// `baton notifications categories set --app BUNDLE FILE.json|-` and `categories list --app BUNDLE`: an app's
/// categories (buttons and text fields) registered from the command line, on this device.
struct NotificationsCategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Set (from a JSON file, - for standard input) or list an app's notification categories.",
        discussion: """
            The file is a JSON array of categories as UNNotificationCategory has them: \
            [{"identifier": "deploy", "actions": [{"identifier": "no", "title": "Rollback", "options": 2}], \
            "options": 0}] (action options: 1 authentication required, 2 destructive, 4 foreground; \
            "textInput": {"buttonTitle": "Send", "placeholder": ""} for a reply field).
            """)

    @Argument(help: ArgumentHelp("set or list.", valueName: "set|list")) var verb: String
    @Argument(help: ArgumentHelp("With set: the JSON file, or -.", valueName: "file|-")) var file: String?
    @Option(help: ArgumentHelp("The app (default: baton's own).", valueName: "bundle"))
    var app: String = NotificationCLI.cliBundle
    @OptionGroup var options: DeviceOptions
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard verb == "set" || verb == "list" else { throw ValidationError("expected set or list") }
        if verb == "set", file == nil { throw ValidationError("set needs a JSON file (or - for standard input)") }
    }

    func run() async throws {
        let owner = NotificationOwner(bundleIdentifier: app, device: options.deviceName)
        if verb == "list" {
            guard case .categoriesList(let list) = await NotificationCLI.request(.categoriesQuery(owner)) else {
                NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed)
            }
            if json { return try JSONOutput.print(list) }
            for category in list {
                print(
                    "\(category.identifier): \(category.actions.map { "\($0.identifier) (\($0.title))" }.joined(separator: ", "))"
                )
            }
            return
        }
        let data =
            file == "-"
            ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file ?? "")
        guard let data else {
            NotificationCLI.fail(
                "cannot read \(BoundedQuote.quote(file ?? ""))", code: NotificationCLI.ExitCode.noInput)
        }
        let categories: [NotificationCategory]
        do {
            categories = try JSONDecoder().decode([NotificationCategory].self, from: data)
        } catch {
            NotificationCLI.fail("not a JSON array of categories: \(error)", code: NotificationCLI.ExitCode.invalid)
        }
        let update = CategoriesUpdate(owner: owner, categories: categories)
        guard case .done = await NotificationCLI.request(.setCategories(update)) else {
            NotificationCLI.fail("unexpected reply", code: NotificationCLI.ExitCode.failed)
        }
        print("\(categories.count) categories set for \(app) on \(owner.device)")
    }
}
