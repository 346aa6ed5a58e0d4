import BatonEnvironment
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why the cookie jar cannot be used; cookies are then off (pages still load) and the file is left as it is.
public enum CookieJarError: Error, Equatable, Sendable, CustomStringConvertible {
    case readableByOthers(path: String, mode: Int)
    case notOwned(path: String)
    case symlink(path: String)
    case damaged(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .readableByOthers(let path, let mode):
            // The fix first: a status line cut at its end still shows the command whole.
            "cookies are off until you run chmod 600 \(path) (the jar is open to others, mode "
                + "\(String(mode, radix: 8)))"
        case .notOwned(let path): "the cookie jar \(path) belongs to another user; cookies are off"
        case .symlink(let path):
            "the cookie jar \(path) is a symbolic link, which Baton does not follow; cookies are off"
        case .damaged(let path, let reason):
            "the cookie jar \(path) is damaged (\(reason)); cookies are off until it is repaired or removed "
                + "with 'baton cookies clear'"
        case .unwritable(let path, let reason): "cannot save cookies to \(path): \(reason)"
        }
    }
}

/// A device's cookie jar: `cookies.json` in the device's state directory, mode 0600, never opened through a
/// symbolic link, written atomically under a lock (several `baton-fetch` processes may answer at once).
public struct CookieJarFile: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// `BatonPaths.deviceDirectory(device)/cookies.json`.
    public static func file(paths: BatonPaths, device: String) -> URL {
        paths.deviceDirectory(device).appendingPathComponent("cookies.json")
    }

    private struct Contents: Codable {
        var version = 1
        var cookies: [StoredCookie]
    }

    /// The cookies kept (none when there is no jar yet); refuses a jar others may read, and a damaged one.
    public func load() throws(CookieJarError) -> [StoredCookie] {
        // O_NONBLOCK: a FIFO put where the jar was is refused below, never waited on.
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return [] }
            if errno == ELOOP { throw .symlink(path: url.path) }
            throw .damaged(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .damaged(path: url.path, reason: "cannot stat it") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .damaged(path: url.path, reason: "it is not a regular file")
        }
        guard status.st_uid == getuid() else { throw .notOwned(path: url.path) }
        let mode = Int(status.st_mode & 0o777)
        guard mode & 0o077 == 0 else { throw .readableByOthers(path: url.path, mode: mode) }
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(Contents.self, from: data).cookies
        } catch {
            throw .damaged(path: url.path, reason: "not a cookie jar Baton wrote")
        }
    }

    /// Reads the jar, applies `change` and writes the result (returned), holding the jar's lock throughout.
    @discardableResult
    public func update(_ change: ([StoredCookie]) -> [StoredCookie]) throws(CookieJarError) -> [StoredCookie] {
        let lock = try lockFile()
        defer { close(lock) }
        let before = try load()
        let after = change(before)
        if after != before { try save(after) }
        return after
    }

    /// Removes the jar; true when there was one.
    @discardableResult
    public func clear() throws(CookieJarError) -> Bool {
        let lock = try lockFile()
        defer { close(lock) }
        if unlink(url.path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .unwritable(path: url.path, reason: String(cString: strerror(errno)))
    }

    /// Writes `cookies` to a new 0600 file beside the jar and renames it over the jar.
    private func save(_ cookies: [StoredCookie]) throws(CookieJarError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(Contents(cookies: cookies)) else {
            throw .unwritable(path: url.path, reason: "cannot encode the cookies")
        }
        let temporary = url.path + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: url.path, reason: String(cString: strerror(errno))) }
        let written = DescriptorWrite.all([UInt8](data), to: descriptor)
        fsync(descriptor)
        close(descriptor)
        guard written, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            throw .unwritable(path: url.path, reason: "the write failed")
        }
    }

    /// The jar's lock file, created 0600 in a 0700 directory, locked exclusively.
    private func lockFile() throws(CookieJarError) -> Int32 {
        try? PrivateFile.createDirectory(url.deletingLastPathComponent())
        let descriptor = open(url.path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: url.path, reason: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw .unwritable(path: url.path, reason: "cannot lock it")
            }
        }
        return descriptor
    }
}
