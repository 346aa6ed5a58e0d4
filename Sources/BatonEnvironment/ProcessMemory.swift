#if canImport(Glibc)
    import Glibc
#endif

/// Reads a process's peak resident set size from `/proc/PID/status` (the widget host and the
/// notification service extension runner hold their children to a memory budget with it).
public enum ProcessMemory {
    /// `VmHWM` of `pid` in KB, or nil when the process is gone or the field is missing.
    public static func peakResidentKB(of pid: pid_t) -> Int? {
        status(of: pid).flatMap { peakResidentKB(inStatus: $0) }
    }

    /// `VmHWM`, `VmRSS` and `VmSize` of `pid` in KB (processes sharing one address space show the same
    /// three), or nil when the process is gone.
    public static func figures(of pid: pid_t) -> [Int]? {
        guard let text = status(of: pid), let peak = peakResidentKB(inStatus: text) else { return nil }
        return [peak, value("VmRSS:", inStatus: text) ?? 0, value("VmSize:", inStatus: text) ?? 0]
    }

    /// The first 4 KB of `/proc/PID/status`.
    private static func status(of pid: pid_t) -> ArraySlice<UInt8>? {
        let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var length = 0
        while length < buffer.count {
            let count = buffer[length...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            length += count
        }
        return buffer[0..<length]
    }

    /// The `VmHWM:` value of a status file's text, in KB.
    public static func peakResidentKB(inStatus text: ArraySlice<UInt8>) -> Int? {
        value("VmHWM:", inStatus: text)
    }

    /// The number after `field` (e.g. `VmRSS:`) in a status file's text.
    static func value(_ field: String, inStatus text: ArraySlice<UInt8>) -> Int? {
        let key = Array(field.utf8)
        for line in text.split(separator: UInt8(ascii: "\n")) where line.starts(with: key) {
            let digits = line.dropFirst(key.count).filter {
                $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")
            }
            return Int(String(decoding: digits, as: UTF8.self))
        }
        return nil
    }
}
