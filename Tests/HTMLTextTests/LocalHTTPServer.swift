import Foundation
import TestSupport

/// Runs `Server/test_server.py` on 127.0.0.1 (a free port) for the duration of a closure, and always stops it.
/// The server also exits by itself when the test process goes away.
enum LocalHTTPServer {
    static func with<T>(_ body: (URL) async throws -> T) async throws -> T {
        let server = try ChildServer(python: [TestPages.directory.appendingPathComponent("Server/test_server.py").path])
        defer { server.stop() }
        // The first line is the port alone.
        return try await body(server.localURL(portIn: /^\s*(\d+)\s*$/))
    }
}
