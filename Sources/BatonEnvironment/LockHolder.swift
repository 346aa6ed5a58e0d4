import Foundation

/// Who holds a lock file (`flock`) that its holder wrote its pid into: a helper process held for its life
/// (`baton-link run`, `baton-notification-server`).
public enum LockHolder {
    /// The pid written in `file` while a process holds its lock; nil when none holds it.
    public static func pid(of file: URL) -> pid_t? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
