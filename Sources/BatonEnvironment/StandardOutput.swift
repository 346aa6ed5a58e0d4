import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to standard output with `write(2)`: no copy into `Data`, partial writes continued.
public enum StandardOutput {
    /// Why standard output could not be written (e.g. a closed pipe when SIGPIPE is ignored).
    public struct WriteError: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { "cannot write to standard output: " + String(cString: strerror(code)) }
    }

    public static func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(code: errno)
                }
                offset += written
            }
        }
    }

    /// Writes `data` as a classic filter does: when the reader went away (`baton … | head`), the process
    /// ends quietly by SIGPIPE's default action, as if it had not been ignored, instead of failing loudly.
    public static func emit(_ data: Data) throws {
        do {
            try write([UInt8](data))
        } catch let error as WriteError where error.code == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
            _exit(128 + SIGPIPE)
        }
    }
}
