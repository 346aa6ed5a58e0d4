/// What the suite writes to the terminal beside frames: the bell for a notification's sound, and the
/// window title carrying the badges' total (OSC 0/2, put back on exit).
public enum TerminalSignal: Hashable, Sendable {
    case bell
    case title(String)
}
