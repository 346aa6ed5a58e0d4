import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The descriptors this process holds, read from `/proc/self/fd`: what an extension's tests ask it to report,
/// since every Baton host promises its children exactly 0, 1 and 2 (`SpawnActions`, `baton-box`).
public enum OpenDescriptors {
    /// The open descriptors, in order (the directory descriptor used to list them is closed again first).
    public static func list() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap(Int32.init).filter { fcntl($0, F_GETFD) >= 0 }.sorted()
    }

    /// What a hostile extension would do with what it holds: writes `bytes` to every descriptor from 3 up (a
    /// terminal would show them, a daemon connection would read them as a frame). Returns the descriptors held.
    public static func abuseInherited(_ bytes: [UInt8]) -> [Int32] {
        let held = list()
        for descriptor in held where descriptor > STDERR_FILENO {
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        return held
    }

    /// One line naming `descriptors`: "descriptors 0 1 2".
    public static func line(_ descriptors: [Int32]) -> String {
        "descriptors " + descriptors.map(String.init).joined(separator: " ")
    }
}
