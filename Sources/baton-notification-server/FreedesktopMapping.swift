import BatonEnvironment
import Foundation
import Notifications
import Wire

/// How a `Notify` call becomes a Baton notification: whose app it is, its content, and its actions' category.
enum FreedesktopMapping {
    /// The app a program's notifications belong to: `org.freedesktop.` and its `desktop-entry` hint, else its
    /// `app_name`, with every character but letters, digits and `-` turned into `-` (at most 64 of them);
    /// `org.freedesktop.unknown` when both are empty. So `notify-send -a "Build Bot"` is
    /// `org.freedesktop.Build-Bot`, with its own settings like any app.
    static func bundleIdentifier(_ call: NotifyCall) -> String {
        let name = call.desktopEntry.flatMap { $0.isEmpty ? nil : $0 } ?? call.appName
        let safe = String(
            name.unicodeScalars.prefix(64).map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-")
                    ? Character(scalar) : "-"
            })
        return "org.freedesktop." + (safe.isEmpty ? "unknown" : safe)
    }

    /// The program's name as the banner and the settings show it: its `app_name`, else its `desktop-entry`
    /// hint (at most `FreedesktopProgram.maxNameLength` characters); nil when it gave neither.
    static func programName(_ call: NotifyCall) -> String? {
        let name = call.appName.isEmpty ? call.desktopEntry ?? "" : call.appName
        return name.isEmpty ? nil : String(name.prefix(FreedesktopProgram.maxNameLength))
    }

    /// How long the banner stays, as dunst shows it: a critical notification and `expire_timeout` 0 until the
    /// user closes it, N ms for N ms (the daemon then removes it: `NotificationService+Expiry`); nil (-1) the
    /// suite's own time.
    static func bannerLifetime(_ call: NotifyCall) -> PropertyListValue? {
        if call.urgency >= 2 || call.expireTimeout == 0 { return .string("sticky") }
        return call.expireTimeout > 0 ? .double(Double(call.expireTimeout) / 1_000) : nil
    }

    /// The category carrying `call`'s buttons (every action but `default`, which is choosing the notification
    /// itself: Open), named by a digest of the actions so equal sets share it; nil when there are none.
    static func category(_ call: NotifyCall) -> NotificationCategory? {
        let buttons = call.actions.filter { $0.key != "default" }
        guard !buttons.isEmpty else { return nil }
        let actions = buttons.map { NotificationAction(identifier: $0.key, title: $0.label, options: []) }
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the keys and labels.
        for byte in buttons.flatMap({ Array("\($0.key)\u{0}\($0.label)\u{0}".utf8) }) {
            digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return NotificationCategory(
            identifier: "freedesktop." + String(digest, radix: 16), actions: actions, options: [.customDismissAction])
    }

    /// The `image-path` hint as an attachment: the file (a path or `file://` URL) copied into the daemon's store,
    /// as `baton notify --attach` does; nil when there is none or it cannot be attached (missing, not an image
    /// or sound or video Baton takes, over its size limit). A copy whose notification is refused is the daemon's
    /// to sweep, as for every copy no notification names.
    static func attachment(_ call: NotifyCall, store: URL) -> NotificationAttachment? {
        if let image = call.imageData { return attachment(image, store: store) }
        let files = [call.imagePath ?? "", call.appIcon].filter(isFile)
        guard var path = files.first else { return nil }
        if path.hasPrefix("file://") { path = URL(string: path)?.path ?? "" }
        guard path.hasPrefix("/"), (try? AttachmentStore.inspect(path: path)) != nil else { return nil }
        return try? AttachmentStore.copy(path: path, identifier: UUID().uuidString, into: store)
    }

    /// Whether an icon hint names a file (a path or `file://` URL) rather than a theme icon.
    static func isFile(_ icon: String) -> Bool { icon.hasPrefix("/") || icon.hasPrefix("file://") }

    /// The icon's name as the suite shows it, ranked as dunst ranks the hints: `image-path`, then `app_icon`
    /// (`image-data`, above both, has no name: `app_icon`'s stays). A theme icon is its name, a file its name
    /// without the extension (`/usr/share/icons/…/firefox.png` is `firefox`); nil for none.
    static func iconName(_ call: NotifyCall) -> String? {
        let hints = (call.imageData == nil ? [call.imagePath ?? ""] : []) + [call.appIcon]
        guard let icon = hints.first(where: { !$0.isEmpty }) else { return nil }
        let path = icon.hasPrefix("file://") ? URL(string: icon)?.path ?? "" : icon
        let name = isFile(icon) ? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent : icon
        return name.isEmpty ? nil : String(name.prefix(FreedesktopProgram.maxNameLength))
    }

    /// The content: summary as the title, the body's markup as plain text (the markup kept when it styles text), urgency as the interruption level
    /// (low passive, normal active, critical critical), the sound as the hints say, `expire_timeout` kept and
    /// said as the banner's lifetime.
    static func content(_ call: NotifyCall, category: NotificationCategory?) -> NotificationContent {
        let level: InterruptionLevel = [.passive, .active, .critical][Int(min(call.urgency, 2))]
        let sound: NotificationSound? =
            call.suppressSound ? nil : call.soundName.flatMap { $0.isEmpty ? nil : .named($0) } ?? .default
        var userInfo: [String: PropertyListValue] = [:]
        if let name = programName(call) { userInfo[FreedesktopProgram.nameKey] = .string(name) }
        if let icon = iconName(call) { userInfo[FreedesktopProgram.iconKey] = .string(icon) }
        if let hint = call.category { userInfo["freedesktop.category"] = .string(hint) }
        if call.expireTimeout >= 0 { userInfo[FreedesktopProgram.expireTimeoutKey] = .int(Int(call.expireTimeout)) }
        if let lifetime = bannerLifetime(call) { userInfo[BannerLifetime.key] = lifetime }
        if BodyMarkup.runs(call.body).contains(where: \.isStyled) {
            userInfo[FreedesktopProgram.bodyMarkupKey] = .string(call.body)
        }
        return NotificationContent(
            title: call.summary, body: BodyMarkup.plainText(call.body), sound: sound,
            categoryIdentifier: category?.identifier ?? "", interruptionLevel: level, userInfo: userInfo)
    }

    /// The `image-data` hint (which the specification ranks above `image-path`) as a PNG in the daemon's store.
    static func attachment(_ image: ImageData, store: URL) -> NotificationAttachment? {
        let url = store.appendingPathComponent(UUID().uuidString + ".png")
        do {
            try FileManager.default.createDirectory(
                at: store, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try PrivateFile.write(image.png, to: url)
        } catch {
            return nil
        }
        return NotificationAttachment(identifier: UUID().uuidString, url: url, type: .image)
    }
}
