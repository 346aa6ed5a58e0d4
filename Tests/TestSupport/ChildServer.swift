import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A helper server run as a child process (`python3 …`) that says where it listens on its first line of
/// output. `stop()` (and deinit) kill it with SIGKILL — the child inherits the test thread's blocked signals,
/// so SIGTERM may never arrive — and reap it.
public final class ChildServer {
    /// The server could not start or did not say where it listens.
    public struct StartFailed: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The first line the server printed (without its newline).
    public let firstLine: String
    private let process = Process()

    /// Starts `python3` with `arguments` and waits for its first line of output; its stderr is discarded.
    public init(python arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        firstLine = Self.readLine(from: output.fileHandleForReading)
    }

    /// The base URL on 127.0.0.1 at the port `pattern` finds in the first line (its first capture), else
    /// stops the server and throws.
    public func localURL(portIn pattern: Regex<(Substring, Substring)>) throws -> URL {
        guard let match = firstLine.firstMatch(of: pattern), let port = Int(match.1),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            stop()
            throw StartFailed(description: "the server did not report its port (got '\(firstLine)')")
        }
        return url
    }

    /// Kills the server and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }

    private static func readLine(from handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1)?.first {
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
