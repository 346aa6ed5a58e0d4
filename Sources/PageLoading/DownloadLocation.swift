import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where downloads go: `$XDG_DOWNLOAD_DIR`, else `~/Downloads`; a file keeps the name the server suggests
/// (made safe), with " (1)", " (2)"… before its extension when that name is taken.
public enum DownloadLocation {
    /// The downloads directory for `environment`.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let configured = environment["XDG_DOWNLOAD_DIR"], !configured.isEmpty {
            return URL(fileURLWithPath: configured, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Downloads", isDirectory: true)
    }

    /// A file name that cannot leave the directory or hide: the last part of a path (`../../x.txt` and
    /// `/tmp/x.txt` are `x.txt`, as browsers save them), no control characters, no leading dot.
    public static func safeName(_ suggested: String?) -> String {
        let lastPart = (suggested ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? ""
        let cleaned = String(
            lastPart.map { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 } ?? false) ? "_" : $0 }
        )
        .trimmingCharacters(in: .whitespaces)
        var name = cleaned
        while name.hasPrefix(".") { name.removeFirst() }
        if name.count > 200 { name = String(name.prefix(200)) }
        return name.isEmpty ? "download" : name
    }

    /// The file name a `Content-Disposition` header gives: `filename*=UTF-8''…` (percent-encoded) first, else
    /// `filename="…"` (with `\"` escapes) or `filename=token`; nil when it names none.
    public static func filename(inDisposition header: String) -> String? {
        var plain: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "filename*":
                let pieces = pair[1].split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                if pieces.count == 3, let decoded = String(pieces[2]).removingPercentEncoding { return decoded }
            case "filename":
                var value = pair[1]
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                }
                plain = value
            default: continue
            }
        }
        return plain
    }

    /// The `index`th candidate for `name`: `name`, then `stem (1).ext`, `stem (2).ext`…
    public static func candidate(_ name: String, index: Int) -> String {
        guard index > 0 else { return name }
        let url = URL(fileURLWithPath: name)
        let ext = url.pathExtension
        let stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        return ext.isEmpty ? "\(stem) (\(index))" : "\(stem) (\(index)).\(ext)"
    }

    /// The path a download named `name` would get in `directory` now (the first candidate not taken).
    public static func freePath(for name: String, in directory: URL) -> URL {
        for index in 0..<10_000 {
            let path = directory.appendingPathComponent(candidate(name, index: index))
            if !FileManager.default.fileExists(atPath: path.path) { return path }
        }
        return directory.appendingPathComponent(candidate(name, index: 10_000))
    }

    /// Creates the file for a download named `name` in `directory` (made if missing), never replacing one:
    /// the first free candidate is created exclusively. Returns its path and open descriptor.
    public static func create(_ name: String, in directory: URL) throws(PageLoadError) -> (path: URL, descriptor: Int32)
    {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in 0..<10_000 {
            let path = directory.appendingPathComponent(candidate(name, index: index))
            let descriptor = open(path.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (path, descriptor) }
            guard errno == EEXIST else {
                throw .fileUnreadable(path: path.path, reason: "cannot save there: \(String(cString: strerror(errno)))")
            }
        }
        throw .fileUnreadable(path: directory.path, reason: "no free name for \(name)")
    }
}

/// How far a download has come.
public struct DownloadProgress: Codable, Hashable, Sendable {
    /// Where it is being saved.
    public var path: String
    public var received: Int
    /// The size the server announced, if it did.
    public var total: Int?

    public init(path: String, received: Int, total: Int?) {
        self.path = path
        self.received = received
        self.total = total
    }
}

/// A finished download.
public struct SavedFile: Codable, Hashable, Sendable {
    public var path: String
    public var bytes: Int

    public init(path: String, bytes: Int) {
        self.path = path
        self.bytes = bytes
    }
}
