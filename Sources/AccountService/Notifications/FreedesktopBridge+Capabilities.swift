import Foundation

/// What the desktop's notification server interprets: body text goes as written, escaped as markup for a server
/// that advertises `body-markup` (`<b>` and `&` are then shown, not interpreted).
extension FreedesktopBridge {
    /// `text` with the characters body markup interprets (`&`, `<`, `>`) as entities: shown as written.
    static func escapedMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Whether the server advertises `body-markup` (`GetCapabilities`), or the failed call's result.
    static func serverHasBodyMarkup(gdbus: String, environment: [String: String]) -> Capabilities {
        let result = ChildProcess.run(
            gdbus,
            [
                "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.Notifications",
                "--object-path", "/org/freedesktop/Notifications", "--method",
                "org.freedesktop.Notifications.GetCapabilities",
            ], environment: environment)
        guard result.status == 0 else { return .unknown(result) }
        return .bodyMarkup(result.output.contains("'body-markup'"))
    }

    /// What `GetCapabilities` said about body markup, or the failed call.
    enum Capabilities {
        case bodyMarkup(Bool)
        case unknown(ChildProcess.Result)
    }
}
