import Foundation
import Notifications
import TerminalUI
import TestSupport
import Testing

@testable import SuiteNotifications

/// Issue 22, attachments shown: the banner and F4's detail name each attachment (type, size), F4 previews a
/// text's first lines, and nothing from a file's name or bytes reaches the terminal raw. Goldens of text and
/// style.
@Suite struct AttachmentGoldenTests {
    /// No cell holds a control character: every escape sequence was shown escaped.
    static func isClean(_ buffer: CellBuffer) -> Bool {
        !buffer.textLines().joined().unicodeScalars.contains { scalar in
            let value = scalar.value
            return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
        }
    }

    /// `buffer` shows each of `texts`, holds no control character, and matches its goldens (text and style).
    func check(
        _ buffer: CellBuffer, named name: String, showing texts: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = buffer.textLines().joined(separator: "\n")
        for expected in texts { #expect(text.contains(expected), sourceLocation: sourceLocation) }
        #expect(Self.isClean(buffer), sourceLocation: sourceLocation)
        try Golden.check(buffer, named: name, sourceLocation: sourceLocation)
    }

    /// A banner for a notification carrying `attachments`, drawn 84 columns wide.
    func banner(_ attachments: [NotificationAttachment], showsPreview: Bool = true) -> CellBuffer {
        let notification = Fixture.delivered("r", title: "Report ready", attachments: attachments)
        var stack = BannerStack()
        stack.push(
            BannerStack.Entry(
                bar: ActionBar(notification: notification, category: nil), appName: "Baton",
                expires: Fixture.now.addingTimeInterval(5), showsPreview: showsPreview, categoryOptions: [],
                attachments: attachments.map(AttachmentInfo.read)))
        var buffer = CellBuffer(size: Size(width: 84, height: 10))
        _ = stack.render(in: Rect(x: 0, y: 1, width: 84, height: 8), now: Fixture.now, into: &buffer)
        return buffer
    }

    @Test func theBannerNamesAttachmentsAndOffersToOpenThem() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        try check(
            banner(try files.goldenAttachments()), named: "banner-attachments",
            showing: [
                "Attached: chart.png — PNG image, 64×48, 3.0 KB", "and 1 more attachment", "[ Open Attachment ]",
            ])
    }

    @Test func hiddenPreviewsHideTheAttachmentsToo() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let buffer = banner(try files.goldenAttachments(), showsPreview: false)
        #expect(!buffer.textLines().joined().contains("chart.png"))
    }

    @Test func theCenterDetailNamesEachAndPreviewsTheText() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        var attachments = try files.goldenAttachments()
        // The text first, so it is the one previewed; the PNG says its format and size instead.
        attachments.swapAt(0, 1)
        var ledger = NotificationLedger()
        ledger.deliver(Fixture.delivered("r", title: "Report ready", attachments: attachments))
        var screen = CenterScreen()
        _ = screen.handle(KeyPress(.right), ledger: ledger)  // the buttons, Open Attachment focused
        var buffer = CellBuffer(size: Size(width: 80, height: 16))
        _ = screen.render(
            in: Rect(size: buffer.size), ledger: ledger, appName: { _ in "Baton" }, doNotDisturb: nil,
            now: Fixture.now, into: &buffer)
        try check(
            buffer, named: "center-attachments",
            showing: ["│ deploy log", "\\u{1b}[2J\\u{1b}]0;pwned\\u{7}cleared?", "clip.mp4 — video, missing"])
    }
}

/// What the suite reads of an attachment: bounded, never blocking, honest about what it could not read.
@Suite struct AttachmentInfoTests {
    @Test func imageHeadersGiveFormatAndSize() {
        #expect(ImageHeader.describe(AttachmentFiles.png) == "PNG image, 64×48")
        #expect(ImageHeader.describe(Array(AttachmentFiles.png.prefix(20))) == "PNG image")
        #expect(ImageHeader.describe(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00]) == "GIF image, 320×240")
        let jpeg: [UInt8] =
            [
                0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80,
                0x03,
            ]
        #expect(ImageHeader.describe(jpeg) == "JPEG image, 640×480")
        // A frame length pointing past the end, or zero: the format alone, no crash, no endless loop.
        #expect(ImageHeader.describe([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0]) == "JPEG image")
        #expect(ImageHeader.describe([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0, 0, 0, 0, 0, 0]) == "JPEG image")
        #expect(ImageHeader.describe(Array("plain text".utf8)) == nil)
    }

    @Test func aHugeFileIsSizedNotRead() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let url = try files.sparse("huge.mp4", bytes: 5_000_000_000)
        let info = AttachmentInfo.read(NotificationAttachment(identifier: "huge.mp4", url: url, type: .video))
        #expect(info.state == .file(bytes: 5_000_000_000))
        #expect(info.summary == "huge.mp4 — video, 5.0 GB")
        #expect(info.preview(width: 40).isEmpty)  // NUL bytes: not text
    }

    @Test func aFIFOIsNeverWaitedOn() throws {
        let files = try AttachmentFiles()
        defer { files.remove() }
        let path = files.folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(path, 0o600) == 0)
        let info = AttachmentInfo.read(
            NotificationAttachment(identifier: "pipe.png", url: URL(fileURLWithPath: path), type: .image))
        #expect(info.state == .unreadable("not a regular file"))
        #expect(info.summary == "pipe.png — image, not a regular file")
    }

    @Test func namesAreEscapedAndUUIDsAreNotNames() {
        let url = URL(fileURLWithPath: "/tmp/notification-attachments/0A1B.png")
        #expect(
            AttachmentInfo.displayName(
                of: NotificationAttachment(identifier: "a\u{1B}[31m\nb.png", url: url, type: .image))
                == "a\\u{1b}[31m b.png")
        #expect(
            AttachmentInfo.displayName(
                of: NotificationAttachment(identifier: UUID().uuidString, url: url, type: .image)) == "attachment.png")
        #expect(AttachmentInfo.size(999) == "999 bytes" && AttachmentInfo.size(3_100) == "3.1 KB")
        #expect(AttachmentInfo.size(12_400_000) == "12 MB")
    }
}
