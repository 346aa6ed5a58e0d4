#if canImport(Glibc)
    import Glibc
#endif

/// Plain `write(2)` to a descriptor, for pipes between Baton's processes.
public enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`, continuing partial writes and retrying on EINTR; false
    /// when a write fails (the reader is gone, with SIGPIPE ignored).
    public static func all(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
