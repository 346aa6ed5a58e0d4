import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
        let bytes = try readBytes(path, upTo: limit + 1)
        let mediaType = try self.mediaType(path: path, bytes: bytes, url: url)
        return bytes.count > limit ? (Array(bytes.prefix(limit)), mediaType, true) : (bytes, mediaType, false)
    }

    /// At most `count` bytes of the file, read straight into arrays sized from `fstat` (no `Data`, no copy
    /// for a file that does not grow while it is read).
    private static func readBytes(_ path: String, upTo count: Int) throws -> [UInt8] {
        // Never blocks on a FIFO put where the page was: opened without waiting, read only as a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw PageLoadError.fileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw PageLoadError.fileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw PageLoadError.fileUnreadable(
                path: path, reason: "it is not a regular file (a FIFO, a device or a socket)")
        }
        let size = Int(status.st_size)
        var bytes: [UInt8] = []
        var chunk = max(size + 1, 64 * 1024)
        while bytes.count < count {
            let wanted = min(chunk, count - bytes.count)
            var failure: Int32 = 0
            let piece = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
                initialized = 0
                while initialized < wanted {
                    let got = Glibc.read(descriptor, buffer.baseAddress.map { $0 + initialized }, wanted - initialized)
                    if got < 0 && errno == EINTR { continue }
                    if got < 0 { failure = errno }
                    guard got > 0 else { break }
                    initialized += got
                }
            }
            if failure != 0 {
                throw PageLoadError.fileUnreadable(path: path, reason: String(cString: strerror(failure)))
            }
            if bytes.isEmpty { bytes = piece } else { bytes += piece }
            if piece.count < wanted { break }  // end of file
            chunk *= 2
        }
        return bytes
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
