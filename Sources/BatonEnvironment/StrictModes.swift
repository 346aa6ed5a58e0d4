import Foundation

/// OpenSSH's `StrictModes` for Baton's directories and files: Baton keeps private data (the key-value
/// store, activity payloads, notifications) only where no other user can read, replace or redirect it.
///
/// A directory Baton uses must be a real directory (not a symbolic link) owned by the user and not
/// writable by group or others; each directory above it must be owned by root or the user and not
/// writable by others unless it is sticky (as `/tmp`). Baton creates its directories 0700 and its files
/// 0600, tightens looser modes of what the user owns, and opens its files without following links.
public enum StrictModes {
    /// Checks `url`, an existing directory Baton owns, and the directories above it; tightens it to 0700.
    /// Returns false when there is nothing at `url` yet.
    @discardableResult
    public static func checkDirectory(_ url: URL) throws(StrictModeError) -> Bool {
        let path = url.standardizedFileURL.path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw .system("inspect", path, errno)
        }
        if info.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path) }
        guard info.st_uid == getuid() else { throw .notOwned(path, owner: info.st_uid) }
        guard info.st_mode & 0o022 == 0 else { throw .writableByOthers(path, mode: info.st_mode & 0o7777) }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 { throw .system("chmod 700", path, errno) }
        try checkAncestors(of: path)
        return true
    }

    /// Creates `url` (and missing directories above it) with mode 0700 where missing, then checks it.
    public static func secureDirectory(_ url: URL) throws(StrictModeError) {
        let path = url.standardizedFileURL.path
        if try checkDirectory(url) { return }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        if parent.path != path { try secureParent(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw .system("create", path, errno) }
        try checkDirectory(url)
    }

    /// Checks a file Baton keeps private (a database, a log): absent, or a regular file of the user's, not
    /// a symbolic link; a looser mode is tightened to 0600.
    public static func checkFile(_ url: URL) throws(StrictModeError) {
        let path = url.path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .system("inspect", path, errno)
        }
        if info.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path) }
        guard info.st_uid == getuid() else { throw .notOwned(path, owner: info.st_uid) }
        if info.st_mode & 0o077 != 0, chmod(path, 0o600) != 0 { throw .system("chmod 600", path, errno) }
    }

    /// Opens (creating 0600 when `flags` has `O_CREAT`) a private file without following a symbolic link,
    /// and checks that the opened file is a regular file of the user's. Returns the descriptor.
    public static func open(_ url: URL, flags: Int32) throws(StrictModeError) -> Int32 {
        let path = url.path
        let descriptor = Glibc.open(path, flags | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw .symbolicLink(path) }
            throw .system("open", path, errno)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .system("inspect", path, code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notARegularFile(path)
        }
        guard info.st_uid == getuid() else {
            close(descriptor)
            throw .notOwned(path, owner: info.st_uid)
        }
        if info.st_mode & 0o077 != 0 { _ = fchmod(descriptor, 0o600) }
        return descriptor
    }

    /// A directory above one Baton owns: created 0700 when missing (it is the user's), else checked as
    /// an ancestor.
    private static func secureParent(_ url: URL) throws(StrictModeError) {
        let path = url.path
        var info = stat()
        if stat(path, &info) == 0 { return }
        let grandparent = url.deletingLastPathComponent()
        if grandparent.path != path { try secureParent(grandparent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw .system("create", path, errno) }
    }

    /// Each directory from `path`'s parent up to `/` (links resolved): owned by root or the user, and not
    /// writable by group or others unless sticky.
    private static func checkAncestors(of path: String) throws(StrictModeError) {
        guard let resolved = realpath(path, nil) else { throw .system("resolve", path, errno) }
        var current = URL(fileURLWithPath: String(cString: resolved))
        free(resolved)
        while current.path != "/" {
            current = current.deletingLastPathComponent()
            var info = stat()
            guard stat(current.path, &info) == 0 else { throw .system("inspect", current.path, errno) }
            guard info.st_uid == 0 || info.st_uid == getuid() else {
                throw .notOwned(current.path, owner: info.st_uid)
            }
            let sticky = info.st_mode & S_ISVTX != 0
            if info.st_mode & 0o022 != 0, !sticky {
                throw .writableByOthers(current.path, mode: info.st_mode & 0o7777)
            }
        }
    }
}

/// Why Baton refuses a path: one line naming it and the command that fixes it.
public enum StrictModeError: Error, Equatable, CustomStringConvertible {
    case notOwned(String, owner: uid_t)
    case writableByOthers(String, mode: mode_t)
    case symbolicLink(String)
    case notADirectory(String)
    case notARegularFile(String)
    case system(String, String, Int32)

    public var description: String {
        switch self {
        case .notOwned(let path, let owner):
            "refusing \(path): it belongs to \(UserName.describe(owner)), not to you "
                + "(fix: chown \(UserName.of(getuid()) ?? "\(getuid())") \(path), or use another BATON_HOME)"
        case .writableByOthers(let path, let mode):
            "refusing \(path): other users can write to it (mode \(String(mode, radix: 8))) (fix: chmod go-w \(path))"
        case .symbolicLink(let path):
            "refusing \(path): it is a symbolic link, and Baton does not follow links for its private files "
                + "(fix: rm \(path))"
        case .notADirectory(let path): "refusing \(path): it is not a directory (fix: move it away)"
        case .notARegularFile(let path): "refusing \(path): it is not a regular file (fix: move it away)"
        case .system(let what, let path, let code): "cannot \(what) \(path): \(String(cString: strerror(code)))"
        }
    }

}

/// A user's name from the password database, for messages.
public enum UserName {
    /// The login name of `uid`, or nil when it has none.
    public static func of(_ uid: uid_t) -> String? {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    /// "name (uid N)", or "uid N" for a uid without a name.
    public static func describe(_ uid: uid_t) -> String {
        of(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)"
    }
}
