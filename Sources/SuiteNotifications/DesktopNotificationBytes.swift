/// Desktop notifications through the hosting terminal, so a notification reaches the desktop even over
/// SSH: OSC 9 (iTerm2, Windows Terminal, Ghostty, WezTerm), OSC 777 (rxvt-unicode, foot, WezTerm,
/// Ghostty) or kitty's OSC 99; wrapped in tmux's passthrough (`DCS tmux; … ST`, which tmux forwards
/// when `allow-passthrough` is on) inside tmux. Opt-in: `BATON_DESKTOP_NOTIFICATIONS=auto|osc9|osc777|osc99`.
public enum DesktopNotificationProtocol: String, Sendable, CaseIterable {
    case osc9, osc777, osc99

    /// The choice for this environment: the setting when it names a protocol, the terminal's own with
    /// `auto` (by `TERM_PROGRAM`, `TERM`), nil when off, unset, or the terminal is not known to show them.
    public static func choose(environment: [String: String]) -> DesktopNotificationProtocol? {
        let setting = environment["BATON_DESKTOP_NOTIFICATIONS"]?.lowercased() ?? "off"
        if let named = DesktopNotificationProtocol(rawValue: setting) { return named }
        guard setting == "auto" else { return nil }
        let program = environment["TERM_PROGRAM"] ?? ""
        let term = environment["TERM"] ?? ""
        switch program {
        case "iTerm.app", "ghostty": return .osc9
        case "WezTerm": return .osc777
        case "kitty": return .osc99
        default: break
        }
        if term == "xterm-kitty" { return .osc99 }
        if term.hasPrefix("foot") || term.hasPrefix("rxvt-unicode") { return .osc777 }
        if term == "xterm-ghostty" { return .osc9 }
        if environment["WT_SESSION"] != nil { return .osc9 }
        return nil
    }

    /// The bytes for a notification titled `title` with `body`; `identifier` lets kitty replace it.
    public func bytes(title: String, body: String, identifier: Int, insideTmux: Bool) -> String {
        let title = Self.clean(title)
        let body = Self.clean(body)
        let sequence: String
        switch self {
        case .osc9:
            sequence = "\u{1B}]9;" + (body.isEmpty ? title : "\(title): \(body)") + "\u{07}"
        case .osc777:
            sequence = "\u{1B}]777;notify;" + title.replacingOccurrences(of: ";", with: ",") + ";" + body + "\u{07}"
        case .osc99:
            sequence =
                "\u{1B}]99;i=\(identifier):d=0;" + title + "\u{1B}\\"
                + "\u{1B}]99;i=\(identifier):d=1:p=body;" + body + "\u{1B}\\"
        }
        guard insideTmux else { return sequence }
        return "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Printable text only, escaped as the suite shows it, and short: nothing can end the sequence early.
    static func clean(_ text: String) -> String {
        let shown = NotificationText.shown(String(text.prefix(256)))
        return String(String.UnicodeScalarView(shown.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }
}
