import BatonEnvironment
import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension EncryptedPush {
    /// The key file of `bundleIdentifier`'s pushes: `<app group>/push-keys/<bundle>.key`.
    public static func keyFile(appGroupDirectory: URL, bundleIdentifier: String) -> URL {
        appGroupDirectory.appendingPathComponent("push-keys", isDirectory: true)
            .appendingPathComponent(bundleIdentifier + ".key")
    }

    /// The app's 256-bit push key, created (random, mode 0600, directory 0700) on first use. A key file
    /// that others can read, or that is not 32 bytes, is refused.
    public static func loadOrCreateKey(appGroupDirectory: URL, bundleIdentifier: String) throws -> SymmetricKey {
        let file = keyFile(appGroupDirectory: appGroupDirectory, bundleIdentifier: bundleIdentifier)
        let path = file.path
        do {
            try PrivateFile.createDirectory(file.deletingLastPathComponent())
        } catch {
            throw EncryptedPushError.keyFile(path: path, problem: "cannot create its directory")
        }
        // Written whole to a private temporary file, then linked into place: a racing process either
        // links first or reads a complete key, never a partial one.
        let temporary = path + ".\(getpid()).\(UUID().uuidString).tmp"
        let created = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard created >= 0 else { throw EncryptedPushError.keyFile(path: path, problem: "cannot create it") }
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Array($0) }
        let written = bytes.withUnsafeBytes { write(created, $0.baseAddress, $0.count) }
        let synced = fsync(created) == 0
        close(created)
        defer { unlink(temporary) }
        guard written == bytes.count, synced else {
            throw EncryptedPushError.keyFile(path: path, problem: "cannot write it")
        }
        if link(temporary, path) == 0 { return key }
        guard errno == EEXIST else { throw EncryptedPushError.keyFile(path: path, problem: "cannot create it") }
        var status = stat()
        guard stat(path, &status) == 0 else { throw EncryptedPushError.keyFile(path: path, problem: "cannot read it") }
        guard status.st_mode & 0o077 == 0 else {
            throw EncryptedPushError.keyFile(
                path: path,
                problem: "is readable by others (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count == 32 else {
            throw EncryptedPushError.keyFile(path: path, problem: "is not a 32-byte key")
        }
        return SymmetricKey(data: data)
    }
}
