import Foundation
import Notifications

/// A program's icon as a terminal can show it: a one-column glyph for the well-known names of the freedesktop
/// Icon Naming Specification (dialogs, mail, printing, power, downloads), put before the program's name in the
/// banner's title; any other icon has no glyph and is named in F4's detail (`Icon: firefox`). An image the
/// program sent (`image-data`, an icon file) is the notification's attachment.
enum ProgramIcon {
    /// Exact names and name prefixes (ending in `-`) with their glyphs; each glyph is one column wide in every
    /// terminal (East Asian width "neutral", text presentation), so the title's layout never shifts.
    static let glyphs: [(name: String, glyph: String)] = [
        ("dialog-information", "ℹ"), ("info", "ℹ"), ("dialog-warning", "⚠"), ("warning", "⚠"),
        ("dialog-error", "✖"), ("error", "✖"), ("dialog-question", "?"), ("mail-", "✉"),
        ("emblem-ok", "✔"), ("emblem-default", "✔"), ("process-completed", "✔"), ("printer", "⎙"),
        ("system-shutdown", "⏻"), ("folder-download", "⬇"), ("document-save", "⬇"),
    ]

    /// The glyph for `content`'s icon, when it has a well-known one.
    static func glyph(of content: NotificationContent) -> String? {
        guard let name = FreedesktopProgram.icon(in: content)?.lowercased() else { return nil }
        return glyphs.first { $0.name.hasSuffix("-") ? name.hasPrefix($0.name) : name == $0.name }?.glyph
    }
}
