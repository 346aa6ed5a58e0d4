import BatonEnvironment
import Foundation
import Notifications

/// `--attach FILE`: checked (exists, a regular file, a known type within iOS's size limit) and copied into the
/// daemon's store, as iOS moves attachment files into its own.
enum AttachmentImport {
    static let types: [String: AttachmentType] = [
        "png": .image, "jpg": .image, "jpeg": .image, "gif": .image, "heic": .image, "webp": .image,
        "aif": .audio, "aiff": .audio, "wav": .audio, "mp3": .audio, "m4a": .audio,
        "mp4": .video, "m4v": .video, "mov": .video, "mpg": .video, "mpeg": .video, "avi": .video,
    ]

    /// The attachment's store directory.
    static func directory(_ paths: BatonPaths) -> URL {
        paths.stateDirectory.appendingPathComponent("notification-attachments", isDirectory: true)
    }

    /// Checks `path` and copies it into the store; throws a one-line reason (exit 66 for an unreadable file).
    static func copy(_ path: String, paths: BatonPaths) throws(AttachmentProblem) -> NotificationAttachment {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw AttachmentProblem(description: "attachment \(BoundedQuote.quote(path)) does not exist", missing: true)
        }
        guard !isDirectory.boolValue else {
            throw AttachmentProblem(description: "attachment \(BoundedQuote.quote(path)) is a directory, not a file", missing: false)
        }
        let ext = url.pathExtension.lowercased()
        guard let type = types[ext] else {
            throw AttachmentProblem(
                description: "attachment \(BoundedQuote.quote(path)): unknown type \(BoundedQuote.quote(ext)) (images: png jpg gif heic webp; audio: aiff wav mp3 m4a; video: mp4 m4v mov mpeg avi)",
                missing: false)
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= type.maxBytes else {
            throw AttachmentProblem(
                description: "attachment \(BoundedQuote.quote(path)) is \(size) bytes; a \(type.rawValue) may be at most \(type.maxBytes)",
                missing: false)
        }
        let identifier = UUID().uuidString
        let target = directory(paths).appendingPathComponent("\(identifier).\(ext)")
        do {
            try FileManager.default.createDirectory(at: directory(paths), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(at: url, to: target)
        } catch {
            throw AttachmentProblem(description: "cannot copy attachment \(BoundedQuote.quote(path)): \(error.localizedDescription)", missing: true)
        }
        return NotificationAttachment(identifier: identifier, url: target, type: type)
    }
}

/// Why an attachment is refused.
struct AttachmentProblem: Error, CustomStringConvertible {
    var description: String
    /// The file cannot be read at all (exit 66) rather than being unsuitable (exit 65).
    var missing: Bool
}
