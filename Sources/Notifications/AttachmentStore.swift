import BatonEnvironment
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension AttachmentType {
    /// The kind a file extension names (case-insensitive), nil when unsupported.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg", "png", "gif", "heic": self = .image
        case "mp3", "m4a", "aiff", "wav", "caf": self = .audio
        case "mp4", "mov", "m4v": self = .video
        default: return nil
        }
    }
}

/// Checks attachment files and copies them into the daemon's store, as iOS moves them out of the app.
/// A copy belongs to its notification: `AttachmentStore.names(in:)` finds the copies a stored request names,
/// and the daemon removes a copy once no pending, delivered or waiting notification names it.
public enum AttachmentStore {
    /// The store's folder in the state directory.
    public static let directoryName = "notification-attachments"

    /// The kind and size of the file at `path`, or the reason it cannot be attached (missing, a directory,
    /// not a regular file (a FIFO, a device), an unsupported type, over its kind's limit). Nothing is opened.
    public static func inspect(path: String) throws(NotificationValidationError) -> (type: AttachmentType, bytes: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .attachmentMissing(path: path) }
            throw .attachmentUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .attachmentIsDirectory(path: path)
        default: throw .attachmentNotRegularFile(path: path)
        }
        let url = URL(fileURLWithPath: path)
        guard let type = AttachmentType(fileExtension: url.pathExtension) else {
            throw .attachmentUnsupportedType(path: path, fileExtension: url.pathExtension)
        }
        let bytes = Int(info.st_size)
        if bytes > type.maxBytes { throw .attachmentTooLarge(path: path, bytes: bytes, type: type) }
        return (type, bytes)
    }

    /// Copies the file at `path` into `store` (created 0700 when missing) under a new unique name, file
    /// mode 0600, and returns the attachment that points at the copy. The original is left in place; it is
    /// opened without blocking and read only when it is a regular file (a FIFO put there since `inspect` is
    /// refused, never waited on).
    public static func copy(path: String, identifier: String, into store: URL) throws(NotificationValidationError)
        -> NotificationAttachment
    {
        let (type, _) = try inspect(path: path)
        let name = UUID().uuidString + "." + URL(fileURLWithPath: path).pathExtension.lowercased()
        let destination = store.appendingPathComponent(name)
        let data = try read(path: path, limit: type.maxBytes, type: type)
        do {
            try PrivateFile.write(data, to: destination)
        } catch {
            throw .attachmentUnreadable(path: path, reason: "cannot write the copy in \(store.path)")
        }
        return NotificationAttachment(identifier: identifier, url: destination, type: type)
    }

    /// Removes the copies `attachments` point at in a store (files elsewhere are never touched).
    public static func remove(_ attachments: [NotificationAttachment]) {
        for attachment in attachments where isCopy(attachment.url) { unlink(attachment.url.path) }
    }

    /// Whether `url` is a copy in a store (a file directly inside a folder named `directoryName`).
    public static func isCopy(_ url: URL) -> Bool {
        url.isFileURL && url.deletingLastPathComponent().lastPathComponent == directoryName
    }

    /// The file names of store copies that `text` (a stored request or notification as JSON) names.
    public static func names(in text: String) -> Set<String> {
        guard text.contains(directoryName) else { return [] }
        var names: Set<String> = []
        var rest = Substring(text)
        while let range = rest.range(of: directoryName) {
            rest = rest[range.upperBound...]
            // "…/notification-attachments/NAME" (JSON may escape the slash as "\/").
            var tail = rest
            if tail.hasPrefix("\\/") {
                tail = tail.dropFirst(2)
            } else if tail.hasPrefix("/") {
                tail = tail.dropFirst()
            }
            let name = tail.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
            if !name.isEmpty, name != ".", name != ".." { names.insert(String(name)) }
        }
        return names
    }

    /// The bytes of the regular file at `path`, at most `limit` (more is refused as too large).
    private static func read(path: String, limit: Int, type: AttachmentType) throws(NotificationValidationError)
        -> Data
    {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            throw .attachmentUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .attachmentUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .attachmentNotRegularFile(path: path) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw .attachmentUnreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            // Re-check: the file may have grown since it was inspected.
            if data.count > limit { throw .attachmentTooLarge(path: path, bytes: data.count, type: type) }
        }
        return data
    }
}
