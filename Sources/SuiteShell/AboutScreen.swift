import Foundation
import TerminalUI

/// The About screen: what Baton is, this device (with its apps' device tokens), the paths in use and the
/// key map.
struct AboutScreen {
    var info: ShellInfo
    /// Bundle identifier → device token; the section is left out while there are none.
    var deviceTokens: [String: String] = [:]
    var globalKeys: [HelpItem]
    var appKeys: [(app: String, keys: [HelpItem])]
    var now: Date

    /// The screen's lines, before scrolling.
    func lines(width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        lines.append(StyledLine([.init("Baton ", Theme.title), .init(info.version, Theme.accent)]))
        lines.append("Handoff, notifications and Today widgets for the terminal.")
        lines.append("Run baton in another terminal: the two are devices of one account.")
        lines.append("")
        lines.append(StyledLine("This device", style: Theme.heading))
        lines.append(field("Device", info.device))
        let clock = info.clockIsFixed ? "fixed by --now/BATON_NOW: " : "system: "
        lines.append(field("Clock", clock + now.formatted(.iso8601)))
        lines.append(field("Colour", info.colorMode))
        lines.append("")
        if !deviceTokens.isEmpty {
            lines.append(StyledLine("Device tokens (baton push --token)", style: Theme.heading))
            for (bundle, token) in deviceTokens.sorted(by: { $0.key < $1.key }) {
                lines.append(StyledLine("  " + bundle, style: Theme.muted))
                lines.append(StyledLine("    " + token))
            }
            lines.append("")
        }
        lines.append(StyledLine("Paths", style: Theme.heading))
        lines.append(field("Socket", info.paths.socket.path))
        lines.append(field("State", info.paths.stateDirectory.path))
        lines.append(field("Database", info.paths.database.path))
        lines.append(field("Logs", info.paths.logDirectory.path))
        lines.append(field("App group", info.paths.appGroupDirectory.path))
        lines.append(field("Resources", info.resources ?? "not found (set BATON_RESOURCES)"))
        lines.append("")
        lines.append(StyledLine("Keys", style: Theme.heading))
        for item in globalKeys + ShellBindings.fixedKeys { lines.append(keyLine(item)) }
        for (app, keys) in appKeys where !keys.isEmpty {
            lines.append("")
            lines.append(StyledLine(app, style: Theme.heading))
            for item in keys { lines.append(keyLine(item)) }
        }
        return lines
    }

    private func field(_ name: String, _ value: String) -> StyledLine {
        StyledLine([
            .init("  " + name.padding(toLength: 10, withPad: " ", startingAt: 0), Theme.muted),
            .init(value),
        ])
    }

    private func keyLine(_ item: HelpItem) -> StyledLine { KeyOverlay.line(item, indent: 2) }
}
