import Foundation
import TestSupport
import Testing
import Wire

/// A daemon that frames with another Wire version (a remote `baton ssh` peer of another release) is refused
/// at once, naming both versions, by commands and suites alike; a real daemon answers a foreign version the same
/// way from its side.
@Suite(.serialized) struct WireVersionRefusalTests {
    @Test func aCommandRefusesADaemonOfAnotherWireVersionNamingBoth() async throws {
        let (harness, daemon) = try Self.pointedAtANewerDaemon()
        defer { harness.tearDown() }
        defer { daemon.stop() }
        let socket = daemon.path
        let result = try await harness.run(["devices"])
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "refusing the daemon at \(socket): it speaks Wire version \(FrameHeader.currentVersion + 1) "
                    + "and this baton speaks version \(FrameHeader.currentVersion)"))
    }

    @Test func aDeviceRefusesADaemonOfAnotherWireVersionInsteadOfReconnecting() async throws {
        let (harness, daemon) = try Self.pointedAtANewerDaemon()
        defer { harness.tearDown() }
        defer { daemon.stop() }
        let probe = try harness.probe("watch", device: "R")
        #expect(await probe.exitStatus() == 4)
        #expect(probe.transcript.contains("\"event\":\"refused\""))
        #expect(probe.transcript.contains("it speaks Wire version \(FrameHeader.currentVersion + 1)"))
    }

    /// An account whose processes reach (`BATON_SOCKET`) a daemon of the next Wire version.
    static func pointedAtANewerDaemon() throws -> (BatonHarness, NewerDaemon) {
        let harness = try BatonHarness()
        let socket = harness.home.appendingPathComponent("newer.sock").path
        let daemon = try NewerDaemon(path: socket, version: FrameHeader.currentVersion + 1)
        harness.environment["BATON_SOCKET"] = socket
        return (harness, daemon)
    }

    @Test func theDaemonAnswersAForeignVersionInItsOwnNamingBoth() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let raw = try RawDaemonSocket(path: harness.socket.path)
        var header: [UInt8] = []
        withUnsafeBytes(of: FrameHeader.magic.bigEndian) { header += $0 }
        withUnsafeBytes(of: (FrameHeader.currentVersion + 1).bigEndian) { header += $0 }
        withUnsafeBytes(of: UInt32(2).bigEndian) { header += $0 }
        try raw.send(header + Array("{}".utf8))
        let reply = raw.next { if case .error = $0 { true } else { false } }
        guard case .error(let error) = reply else {
            Issue.record("no error frame in the daemon's own version")
            return
        }
        #expect(error.failure.message.contains("unknown protocol version \(FrameHeader.currentVersion + 1)"))
        #expect(error.failure.message.contains("this build speaks \(FrameHeader.currentVersion)"))
        #expect(raw.closedByPeer())
    }
}

/// A stand-in for a daemon of a newer Baton: it accepts one connection at a time on a Unix socket and answers
/// each request with a frame of another Wire version (the header is all a client needs to read to refuse it).
final class NewerDaemon: @unchecked Sendable {
    private let descriptor: Int32
    let path: String

    init(path: String, version: UInt16) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
        guard bound, listen(descriptor, 8) == 0 else { throw RawSocketError.system("bind", errno) }
        let body = Array(#"{"kind":"pong","body":{}}"#.utf8)
        var frame: [UInt8] = []
        withUnsafeBytes(of: FrameHeader.magic.bigEndian) { frame += $0 }
        withUnsafeBytes(of: version.bigEndian) { frame += $0 }
        withUnsafeBytes(of: UInt32(body.count).bigEndian) { frame += $0 }
        frame += body
        let reply = frame
        let listening = descriptor
        Thread.detachNewThread {
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                // As a daemon, it speaks when spoken to: the client's first frame, then the answer.
                var request = [UInt8](repeating: 0, count: 4096)
                _ = recv(client, &request, request.count, 0)
                _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Thread.sleep(forTimeInterval: 0.2)
                close(client)
            }
        }
    }

    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        unlink(path)
    }
}
