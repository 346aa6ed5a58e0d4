import Foundation

/// Removes a socket left behind by a daemon that died, once this daemon holds the instance lock.
enum StaleSocket {
    /// Unlinks `url` if it is a socket; refuses to touch anything else (a file, a symlink, a directory).
    static func remove(at url: URL) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            if errno == ENOENT { return }
            throw DaemonError.system("inspect \(url.path)", errno)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw DaemonError.socketPathOccupied(url.path) }
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw DaemonError.system("remove \(url.path)", errno)
        }
    }
}
