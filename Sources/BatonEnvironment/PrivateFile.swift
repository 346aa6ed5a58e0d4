import Foundation

/// How every Baton process writes its state (tabs and typed form values, favourites, pending key-value writes,
/// locations, Do Not Disturb, widget choices): files 0600 and directories 0700, whatever the umask, written
/// atomically (a temporary file renamed over the old one) and never through a symbolic link.
/// `tighten(under:)` brings files and directories left looser by older versions back to those modes.
public enum PrivateFile {
    /// Writes `data` to `url` (mode 0600) atomically, creating missing directories above it (0700);
    /// `durable` also syncs the file to disk before the rename.
    public static func write(_ data: Data, to url: URL, durable: Bool = false) throws(PrivateFileError) {
        try createDirectory(url.deletingLastPathComponent())
        let temporary = url.path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: url.path, code: errno) }
        // The mode given to open is cut by the umask; 0600 exactly, for a umask that removes user bits too.
        _ = fchmod(descriptor, 0o600)
        let written = data.withUnsafeBytes { DescriptorWrite.all(Array($0), to: descriptor) }
        let failure = written ? 0 : errno
        if durable, written { fsync(descriptor) }
        close(descriptor)
        guard written else {
            unlink(temporary)
            throw PrivateFileError(path: url.path, code: failure == 0 ? EIO : failure)
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PrivateFileError(path: url.path, code: code)
        }
    }

    /// The contents of the private file `url`: a regular file, opened without following a symbolic link and
    /// without waiting (a FIFO or a device put in its place is refused, never read).
    public static func read(_ url: URL) throws(PrivateFileError) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PrivateFileError(path: url.path, code: errno, reading: true) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PrivateFileError(path: url.path, code: errno, reading: true) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PrivateFileError(path: url.path, code: info.st_mode & S_IFMT == S_IFDIR ? EISDIR : 0, reading: true)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
    }

    /// Creates `url` and the missing directories above it, each with mode 0700; an existing directory is
    /// left as it is (`tighten(under:)` fixes the state directory's at start).
    public static func createDirectory(_ url: URL) throws(PrivateFileError) {
        let path = url.standardizedFileURL.path
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw PrivateFileError(path: path, code: ENOTDIR) }
            return
        }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        if parent.path != path { try createDirectory(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw PrivateFileError(path: path, code: errno) }
        _ = chmod(path, 0o700)
    }

    /// Takes group and other bits off every file and directory under `directory` (and from it): files end
    /// 0600 (0700 if the user could run them), directories 0700 (the user's own bits are kept). Symbolic links are not followed, other
    /// users' files and special files are left alone. Returns how many modes it changed.
    @discardableResult
    public static func tighten(under directory: URL) -> Int {
        var changed = 0
        func visit(_ path: String, depth: Int) {
            var info = stat()
            guard depth < 64, lstat(path, &info) == 0, info.st_uid == getuid() else { return }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFDIR || kind == S_IFREG else { return }
            let mode = info.st_mode & 0o7777
            let wanted = mode & 0o700
            if mode != wanted, chmod(path, wanted) == 0 { changed += 1 }
            guard kind == S_IFDIR, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                return
            }
            for name in names { visit(path + "/" + name, depth: depth + 1) }
        }
        visit(directory.standardizedFileURL.path, depth: 0)
        return changed
    }
}

/// A private file or directory that could not be written or read: one line naming it and why.
public struct PrivateFileError: Error, CustomStringConvertible {
    public var path: String
    /// The `errno`; 0 for a file that is not a regular one.
    public var code: Int32
    public var reading = false

    public var description: String {
        let reason = code == 0 ? "it is not a regular file" : String(cString: strerror(code))
        return "cannot \(reading ? "read" : "write") \(path): \(reason)"
    }
}
