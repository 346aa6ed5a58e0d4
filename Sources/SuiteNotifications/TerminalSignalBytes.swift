/// The bytes a `TerminalSignal` is written as: BEL, or the title in OSC 0 (icon and window) after
/// saving the terminal's own title on xterm's title stack (`CSI 22;0 t`); `restoreTitle` pops it on exit.
public enum TerminalSignalBytes {
    public static let saveTitle = "\u{1B}[22;0t"
    public static let restoreTitle = "\u{1B}[23;0t"

    /// The bytes of `signal`; a desktop notification only with a `desktop` protocol (else nothing).
    public static func bytes(
        for signal: TerminalSignal, desktop: DesktopNotificationProtocol? = nil, insideTmux: Bool = false
    ) -> String {
        switch signal {
        case .desktop(let title, let body, let identifier):
            desktop?.bytes(title: title, body: body, identifier: identifier, insideTmux: insideTmux) ?? ""
        case .bell: "\u{07}"
        case .title(let title):
            // Only printable text in a title: anything else would end the sequence early.
            "\u{1B}]0;"
                + String(
                    title.unicodeScalars.filter {
                        $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
                    }.map(Character.init)) + "\u{07}"
        }
    }
}
