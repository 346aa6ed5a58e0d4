/// What the suite writes to the terminal beside frames: the bell for a notification's sound, and the
/// window title carrying the badges' total (OSC 0/2, put back on exit).
public enum TerminalSignal: Hashable, Sendable {
    case bell
    case title(String)
    /// A notification for the desktop (OSC 9 / 777 / 99 when the user opted in).
    case desktop(title: String, body: String, identifier: Int)
}
