import AccountClient
import Foundation
import NIOCore
import Synchronization
import Testing
import Wire

/// A daemon at its connection cap answers with its reason and closes at once. The client must still know a
/// daemon runs there (a link, its reason, then its end), never take the close for "no daemon" and start
/// another one: CI run 32 saw `notifications --follow` do that under load and say "the daemon did not come
/// up" instead of "already serves 64 connections".
@Suite struct DaemonLinkRefusalTests {
    /// A listening Unix socket whose every connection gets one error frame and is closed at once.
    final class RefusingListener: Sendable {
        let path: String
        private let descriptor: Int32

        init(directory: URL) throws {
            path = directory.appendingPathComponent("d.sock").path
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                _ = path.utf8CString.withUnsafeBytes { raw.copyBytes(from: $0.prefix(raw.count - 1)) }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0 && listen(descriptor, 8) == 0)
        }

        /// Accepts one connection, writes the refusal, closes it.
        func refuseOne() throws {
            let client = accept(descriptor, nil, nil)
            try #require(client >= 0)
            var buffer = ByteBuffer()
            try FrameCodec.encode(
                .error(
                    ErrorMessage(
                        requestID: nil,
                        failure: WireFailure(
                            code: WireFailure.tooManyConnections, message: "refused: already serves 64 connections"))),
                into: &buffer)
            let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
            #expect(send(client, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
            close(client)
        }

        deinit { close(descriptor) }
    }

    @Test func aRefusalThatClosesAtOnceIsALinkWithItsReasonNotNoDaemon() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let listener = try RefusingListener(directory: directory)
        for _ in 0..<20 {
            let heard = Mutex<[String]>([])
            let (ended, end) = AsyncStream.makeStream(of: Void.self)
            // The listener refuses as soon as the client is in its backlog: the close races the connect's
            // own bookkeeping, as the real daemon's does under load.
            let refuser = Task.detached { try listener.refuseOne() }
            let link = try await DaemonLink.connect(
                to: URL(fileURLWithPath: listener.path),
                onFrame: { frame in
                    if case .message(.error(let error)) = frame { heard.withLock { $0.append(error.failure.message) } }
                },
                onClose: { end.finish() }
            ).get()
            try await refuser.value
            for await _ in ended {}
            #expect(heard.withLock { $0 } == ["refused: already serves 64 connections"])
            #expect(!link.isActive)
        }
    }
}
