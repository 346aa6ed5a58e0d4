import Foundation
import TestSupport

/// `python3 -m http.server` on 127.0.0.1 and a free port, serving one directory; `stop()` kills it.
final class StaticHTTPServer {
    let base: URL
    private let server: ChildServer

    init(directory: URL) throws {
        server = try ChildServer(python: [
            "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path,
        ])
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        base = try server.localURL(portIn: /port (\d+)/)
    }

    /// Kills the server and waits for it.
    func stop() { server.stop() }
}
