import BatonEnvironment
import Foundation
import Notifications

#if canImport(Glibc)
    import Glibc
#endif

/// What the suite says about one attachment: its name, kind and size, and a preview from the file's first
/// bytes (an image's format and pixel size from its header, or a text's first lines). Read once, bounded:
/// only a regular file is opened (without blocking, so a FIFO put in its place is never waited on) and at most
/// `headBytes` of it are read, whatever its size. Everything shown is escaped (`NotificationText`).
public struct AttachmentInfo: Equatable, Sendable {
    /// What the file turned out to be.
    public enum State: Equatable, Sendable {
        /// A regular file of `bytes` bytes.
        case file(bytes: Int)
        /// No file at the attachment's path (removed since, or never copied).
        case missing
        /// Something else there (a directory, a FIFO) or a file that cannot be read: the reason.
        case unreadable(String)
    }

    /// The most bytes of a file read for its preview.
    public static let headBytes = 64 * 1024
    /// The most lines of text a preview shows.
    public static let previewLines = 4

    /// The attachment's name as shown (escaped, one line).
    public let name: String
    public let type: AttachmentType
    public let state: State
    /// The format the file's header names ("PNG image, 64×48"), nil when it names none.
    public let format: String?
    /// The start of a text file (as read, not yet escaped), nil for anything else.
    public let text: String?

    /// Reads what `attachment` points at.
    public static func read(_ attachment: NotificationAttachment) -> AttachmentInfo {
        let name = displayName(of: attachment)
        let (state, head) = readHead(attachment.url.path)
        let format = head.flatMap(ImageHeader.describe)
        let text = format == nil ? head.flatMap(textStart) : nil
        return AttachmentInfo(name: name, type: attachment.type, state: state, format: format, text: text)
    }

    /// The attachment's identifier, which `baton notify --attach` sets to the file's name; "attachment.png" for
    /// an identifier that names nothing (empty, or a UUID as older requests have). Escaped, on one line.
    public static func displayName(of attachment: NotificationAttachment) -> String {
        var raw = attachment.identifier
        if raw.isEmpty || UUID(uuidString: raw) != nil {
            let ext = attachment.url.pathExtension
            raw = ext.isEmpty ? "attachment" : "attachment.\(ext)"
        }
        return NotificationText.oneLine(String(raw.prefix(200)))
    }

    /// "report.png — PNG image, 64×48, 3.1 KB", "clip.mp4 — video, missing".
    public var summary: String {
        var parts = [format ?? type.rawValue]
        switch state {
        case .file(let bytes): parts.append(Self.size(bytes))
        case .missing: parts.append("missing")
        case .unreadable(let reason): parts.append(NotificationText.oneLine(reason))
        }
        return "\(name) — \(parts.joined(separator: ", "))"
    }

    /// The preview's lines at `width` columns: a text's first lines, escaped and wrapped (none for other files).
    public func preview(width: Int) -> [String] {
        guard let text else { return [] }
        return NotificationText.body(text, width: width, maxLines: Self.previewLines)
    }

    /// A byte count as people read it: "812 bytes", "3.1 KB", "12 MB" (decimal units, as the limits are).
    public static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        case ..<1_000_000: return decimal(Double(bytes) / 1000) + " KB"
        case ..<1_000_000_000: return decimal(Double(bytes) / 1_000_000) + " MB"
        default: return decimal(Double(bytes) / 1_000_000_000) + " GB"
        }
    }

    private static func decimal(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))
    }

    /// The file's state and its first `headBytes` bytes (nil when it cannot be read).
    private static func readHead(_ path: String) -> (State, [UInt8]?) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return (.missing, nil) }
            return (.unreadable(String(cString: strerror(code))), nil)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (.unreadable(String(cString: strerror(errno))), nil) }
        guard info.st_mode & S_IFMT == S_IFREG else { return (.unreadable("not a regular file"), nil) }
        var head = [UInt8](repeating: 0, count: headBytes)
        var count = 0
        while count < headBytes {
            let got = head.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, headBytes - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return (.file(bytes: Int(info.st_size)), Array(head.prefix(count)))
    }

    /// `head` as text when it is UTF-8 without NUL bytes (a character cut by the head's end is dropped).
    private static func textStart(_ head: [UInt8]) -> String? {
        guard !head.isEmpty, !head.contains(0) else { return nil }
        // A multi-byte character cut by the head's end is not a reason to call the file binary.
        var bytes = head[...]
        for _ in 0..<3 {
            if String(validating: bytes, as: UTF8.self) != nil { break }
            bytes = bytes.dropLast()
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
