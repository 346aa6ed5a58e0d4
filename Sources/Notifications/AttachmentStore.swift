import Foundation

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
public enum AttachmentStore {
    /// The kind and size of the file at `path`, or the reason it cannot be attached (unsupported type,
    /// missing, a directory, over its kind's limit).
    public static func inspect(path: String) throws(NotificationValidationError) -> (type: AttachmentType, bytes: Int) {
        let url = URL(fileURLWithPath: path)
        guard let type = AttachmentType(fileExtension: url.pathExtension) else {
            throw .attachmentUnsupportedType(path: path, fileExtension: url.pathExtension)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .attachmentMissing(path: path)
        }
        if isDirectory.boolValue { throw .attachmentIsDirectory(path: path) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .attachmentUnreadable(path: path, reason: "cannot read its size")
        }
        let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if bytes > type.maxBytes { throw .attachmentTooLarge(path: path, bytes: bytes, type: type) }
        return (type, bytes)
    }

    /// Copies the file at `path` into `store` (created 0700 when missing) under a new unique name, file
    /// mode 0600, and returns the attachment that points at the copy. The original is left in place.
    public static func copy(path: String, identifier: String, into store: URL) throws(NotificationValidationError)
        -> NotificationAttachment
    {
        let (type, _) = try inspect(path: path)
        let source = URL(fileURLWithPath: path)
        let name = UUID().uuidString + "." + source.pathExtension.lowercased()
        let destination = store.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(
                at: store, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let data = try Data(contentsOf: source)
            // Re-check: the file may have grown since it was inspected.
            if data.count > type.maxBytes {
                throw NotificationValidationError.attachmentTooLarge(path: path, bytes: data.count, type: type)
            }
            guard
                FileManager.default.createFile(
                    atPath: destination.path, contents: data, attributes: [.posixPermissions: 0o600])
            else {
                throw NotificationValidationError.attachmentUnreadable(
                    path: path, reason: "cannot write the copy in \(store.path)")
            }
        } catch let error as NotificationValidationError {
            throw error
        } catch {
            throw .attachmentUnreadable(path: path, reason: "cannot copy it (\(error.localizedDescription))")
        }
        return NotificationAttachment(identifier: identifier, url: destination, type: type)
    }
}
