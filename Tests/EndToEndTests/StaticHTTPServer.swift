import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `python3 -m http.server` on 127.0.0.1 and a free port, serving one directory; `stop()` kills it.
final class StaticHTTPServer {
    struct StartFailed: Error, CustomStringConvertible {
        var description: String
    }

    let base: URL
    private let process = Process()

    init(directory: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let line = Self.readLine(from: output.fileHandleForReading)
        guard let match = line.firstMatch(of: /port (\d+)/), let url = URL(string: "http://127.0.0.1:\(match.1)")
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartFailed(description: "http.server did not report its port (got '\(line)')")
        }
        base = url
    }

    /// Kills the server (SIGKILL: the child may inherit blocked signals) and waits for it.
    func stop() {
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
