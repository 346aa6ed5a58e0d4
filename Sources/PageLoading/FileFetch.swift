import Foundation

/// Reads `file://` pages directly (URLSession on Linux refuses them), at most `limit` bytes.
enum FileFetch {
    static func read(_ url: URL, limit: Int) throws -> (
        bytes: [UInt8], mediaType: String, isTruncated: Bool
    ) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PageLoadError.fileNotFound(path)
        }
        guard !isDirectory.boolValue else {
            throw PageLoadError.fileUnreadable(path: path, reason: "it is a directory")
        }
        let bytes: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            bytes = [UInt8](try handle.read(upToCount: limit + 1) ?? Data())
        } catch {
            throw PageLoadError.fileUnreadable(path: path, reason: error.localizedDescription)
        }
        let mediaType = try self.mediaType(path: path, bytes: bytes, url: url)
        return (Array(bytes.prefix(limit)), mediaType, bytes.count > limit)
    }

    /// The media type from the extension; unknown extensions are sniffed (NUL bytes mean binary).
    private static func mediaType(path: String, bytes: [UInt8], url: URL) throws -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        switch ext {
        case "html", "htm", "xhtml", "shtml": return "text/html"
        case "txt", "text", "md", "csv", "log", "json", "xml", "swift", "c", "h", "py", "sh":
            return "text/plain"
        default:
            if bytes.prefix(4096).contains(0) {
                throw PageLoadError.binaryContent(contentType: "binary data", url: url)
            }
            let start = bytes.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }).first
            return start == UInt8(ascii: "<") || ext.isEmpty && start == nil ? "text/html" : "text/plain"
        }
    }
}
