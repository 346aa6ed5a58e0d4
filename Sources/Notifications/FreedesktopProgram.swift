import Foundation

/// The programs that post through Baton's freedesktop notification server (`notify-send`, libnotify): each is
/// the app `org.freedesktop.NAME`, allowed until the user turns it off (every freedesktop server shows every
/// program's notifications), and named by the program itself.
public enum FreedesktopProgram {
    /// The bundle identifiers' prefix: `org.freedesktop.Build-Bot`.
    public static let prefix = "org.freedesktop."
    /// `userInfo` key: the program's name as it gave it (`app_name`, else its `desktop-entry` hint).
    public static let nameKey = "freedesktop.app_name"
    /// `userInfo` key: `expire_timeout` in milliseconds as the program gave it (0: never; absent: -1, the
    /// server's default). The daemon removes a notification that gave N > 0 after N ms (critical ones never).
    public static let expireTimeoutKey = "freedesktop.expire_timeout"
    /// `userInfo` key: the body's markup as the program sent it, when it styles some text (`BodyMarkup.runs`):
    /// the suite shows those styles; `content.body` is its plain text.
    public static let bodyMarkupKey = "freedesktop.body-markup"
    /// `userInfo` key: the program's icon (`image-path`, else `app_icon`): a theme icon's name or an icon file's
    /// name without its extension. The suite shows a glyph for the well-known ones and names it in F4.
    public static let iconKey = "freedesktop.icon"
    /// The longest name kept, in characters.
    public static let maxNameLength = 64

    /// The styled runs of `content`'s body, when a freedesktop program marked some up.
    public static func styledBody(of content: NotificationContent) -> [BodyMarkup.Run]? {
        guard case .string(let markup)? = content.userInfo[bodyMarkupKey] else { return nil }
        let runs = BodyMarkup.runs(markup)
        return runs.contains(where: \.isStyled) ? runs : nil
    }

    /// Whether `bundleIdentifier` is a freedesktop program's.
    public static func isProgram(_ bundleIdentifier: String) -> Bool { bundleIdentifier.hasPrefix(prefix) }

    /// The program's icon `content` carries (`iconKey`), when it gave one.
    public static func icon(in content: NotificationContent) -> String? {
        guard case .string(let icon)? = content.userInfo[iconKey], !icon.isEmpty else { return nil }
        return String(icon.prefix(maxNameLength))
    }

    /// The program's name `content` carries, when it is a freedesktop program's and gave one.
    public static func name(in content: NotificationContent) -> String? {
        guard case .string(let name)? = content.userInfo[nameKey], !name.isEmpty else { return nil }
        return String(name.prefix(maxNameLength))
    }
}

/// One app's settings on one device, with the name a program gave itself (`baton notifications settings`,
/// F4's Settings).
public struct AppSettingsEntry: Codable, Hashable, Sendable {
    public var owner: NotificationOwner
    /// A freedesktop program's own name (`app_name`); nil for an app, which the suite names.
    public var name: String?
    public var settings: NotificationSettings
    public init(owner: NotificationOwner, name: String?, settings: NotificationSettings) {
        self.owner = owner
        self.name = name
        self.settings = settings
    }
}
