import Foundation
import Notifications

/// Attachment files for the suite's tests, in a folder of their own: a real PNG header, a text whose bytes try
/// to clear and retitle the terminal, a sparse file far over any limit, and a path with no file.
struct AttachmentFiles {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A PNG's signature and IHDR chunk: 64×48, then filler (the header is all the suite reads of an image).
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 0, 64, 0, 0, 0, 48, 8, 6, 0, 0, 0] + [UInt8](repeating: 7, count: 3_000)

    /// Text that would clear the screen, retitle the terminal and reorder what is read if written raw.
    static let hostileText =
        "deploy log\n\u{1B}[2J\u{1B}]0;pwned\u{07}cleared?\n\tindented \u{202E}reversed\nline four\nline five\n"

    func write(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// A sparse file of `bytes` bytes (nothing is written but its length).
    func sparse(_ name: String, bytes: Int) throws -> URL {
        let url = folder.appendingPathComponent(name)
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return url
    }

    /// The three attachments of the goldens: the PNG, the hostile text (named hostilely too) and a missing video.
    func goldenAttachments() throws -> [NotificationAttachment] {
        [
            NotificationAttachment(
                identifier: "chart.png", url: try write("a.png", Self.png), type: .image),
            NotificationAttachment(
                identifier: "notes\u{1B}]0;pwned\u{07}.gif", url: try write("b.gif", Array(Self.hostileText.utf8)),
                type: .image),
            NotificationAttachment(
                identifier: "clip.mp4", url: folder.appendingPathComponent("gone.mp4"), type: .video),
        ]
    }
}

extension Fixture {
    /// A delivered notification carrying `attachments`.
    static func delivered(_ identifier: String, title: String, attachments: [NotificationAttachment])
        -> DeliveredNotification
    {
        var notification = delivered(identifier, title: title, body: "Nightly numbers", bundle: "com.baton.cli")
        notification.request.content.attachments = attachments
        return notification
    }
}
