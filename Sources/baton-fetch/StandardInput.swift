#if canImport(Glibc)
    import Glibc
#endif

/// Reads the request body the parent writes on stdin before anything else.
enum StandardInput {
    /// Exactly `count` bytes, or nil when stdin ends first.
    static func read(exactly count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(STDIN_FILENO, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return nil }
            filled += result
        }
        return bytes
    }
}
