import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `Server/test_server.py` on 127.0.0.1 (a free port) for the duration of a closure, and always stops it.
/// The server also exits by itself when the test process goes away.
enum LocalHTTPServer {
    struct StartFailed: Error, CustomStringConvertible {
        var description: String
    }

    static func with<T>(_ body: (URL) async throws -> T) async throws -> T {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestPages.directory.appendingPathComponent("Server/test_server.py").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            // SIGKILL: the child inherits the test thread's blocked signals, so SIGTERM may never arrive.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let line = readLine(from: output.fileHandleForReading)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            throw StartFailed(description: "test server did not report a port (got '\(line)')")
        }
        return try await body(url)
    }

    private static func readLine(from handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1)?.first {
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
