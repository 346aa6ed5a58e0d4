import Foundation
import TestSupport

/// `Server/echo_server.py` on 127.0.0.1 and a free port: form pages, an echo of every request, a cookie
/// setter, a download, a meta refresh and a redirect loop. `stop()` (and deinit) kill it.
final class EchoServer {
    let base: URL
    private let server: ChildServer

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Server/echo_server.py")
        server = try ChildServer(python: ["-u", script.path])
        base = try server.localURL(portIn: /^\s*(\d+)\s*$/)
    }

    func stop() { server.stop() }
}
