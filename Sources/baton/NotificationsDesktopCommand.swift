import ArgumentParser
import BatonEnvironment
import Foundation
import Notifications

/// `baton notifications desktop on|off|status`: whether the daemon shows notifications on the desktop's
/// notification server (D-Bus), kept in the state directory so a daemon restarted by a suite keeps it.
struct NotificationsDesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Show notifications on the desktop's notification server (D-Bus): on, off or status.",
        discussion: """
            Kept in the state directory (desktop-notifications.json) with this shell's session bus, so a daemon \
            restarted by a suite keeps it; the daemon follows a change at its next delivery. Only what the suite \
            would show as a banner goes to the desktop: nothing for an app that is not allowed or whose alerts \
            are off, a passive notification, or one held by Do Not Disturb (time-sensitive and critical break \
            through). Body text is escaped for servers that interpret markup. BATON_FREEDESKTOP_NOTIFICATIONS=on \
            in the daemon's environment still turns it on when nothing was saved.
            """)

    @Argument(help: ArgumentHelp("on, off or status.", valueName: "on|off|status")) var state: String = "status"
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard ["on", "off", "status"].contains(state) else {
            throw ValidationError("expected on, off or status, not \(BoundedQuote.quote(state))")
        }
    }

    func run() throws {
        let file = DesktopNotificationSetting.file(paths: BatonPaths())
        var setting = DesktopNotificationSetting.load(from: file)
        if state != "status" {
            let bus = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
            setting = DesktopNotificationSetting(enabled: state == "on", bus: bus ?? setting?.bus)
            do {
                try setting?.save(to: file)
            } catch {
                NotificationCLI.fail("cannot save \(file.path): \(error)", code: NotificationCLI.ExitCode.failed)
            }
        }
        let enabled = setting?.enabled ?? false
        if json {
            return JSONOutput.line(["enabled": enabled, "bus": setting?.bus ?? NSNull()])
        }
        let bus = setting?.bus.map { " (session bus \($0))" } ?? (enabled ? " (no session bus known)" : "")
        print("desktop notifications \(enabled ? "on" : "off")\(enabled ? bus : "")")
    }
}
