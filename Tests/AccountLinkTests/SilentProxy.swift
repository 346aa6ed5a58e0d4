import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on loopback in front of a server, for a link whose path goes quiet: `silence()` stops forwarding on
/// every connection open now without closing any (as a dropped Wi-Fi or a NAT that forgot the flow: writes are
/// taken, nothing ever answers, no reset comes); connections made after it are forwarded again. Blocking sockets on
/// threads of its own, off Swift's cooperative pool.
final class SilentProxy: Sendable {
    let port: Int
    private let listener: Int32
    private let target: Int
    /// Connections to forward no more (their descriptors stay open until `close`).
    private let silenced = Mutex<Set<Int32>>([])
    private let open = Mutex<Set<Int32>>([])
    /// The server ends of the connections open now.
    private let servers = Mutex<Set<Int32>>([])
    /// Server ends whose answers are dropped (requests still go through).
    private let deafened = Mutex<Set<Int32>>([])
    /// New connections wait, unconnected, while set.
    private let holding = Mutex(false)

    init(to target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound, listen(listener, 64) == 0 else {
            throw TestPostgresFailure("the proxy cannot listen: errno \(errno)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let proxy = self
        Thread.detachNewThread { proxy.acceptLoop() }
    }

    /// Runs `body` with a throwaway PostgreSQL, fresh homes and a proxy in front of the server; removes all three after.
    static func withServer(_ body: (TestPostgres, LinkedMachines, SilentProxy) async throws -> Void) async throws {
        let server = try TestPostgres()
        defer { server.remove() }
        let machines = try LinkedMachines()
        defer { machines.tearDown() }
        let proxy = try SilentProxy(to: server.port)
        defer { proxy.close() }
        try await body(server, machines, proxy)
    }

    /// `url` (a server URL on the target's port) through this proxy.
    func route(_ url: String) -> String {
        url.replacingOccurrences(of: "127.0.0.1:\(target)", with: "127.0.0.1:\(port)")
    }

    /// Every connection open now goes quiet both ways, for good; new ones are forwarded. A silenced connection's
    /// descriptors are closed once both its ends have closed (or at `close`).
    func silence() {
        let now = open.withLock { $0 }
        silenced.withLock { $0.formUnion(now) }
    }

    /// Every connection open now still carries its requests to the server, but the server's answers are dropped
    /// (a path that fails after the server committed: the client cannot tell a write made from one lost); and new
    /// connections wait unconnected until `release()`.
    func deafenAndHold() {
        holding.withLock { $0 = true }
        let servers = servers.withLock { $0 }
        deafened.withLock { $0.formUnion(servers) }
    }

    /// New connections go through again.
    func release() { holding.withLock { $0 = false } }

    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        for descriptor in open.withLock({ $0 }) { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            while holding.withLock({ $0 }) { usleep(20_000) }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: UInt16(target))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else {
                Glibc.close(client)
                Glibc.close(server)
                continue
            }
            open.withLock { $0.formUnion([client, server]) }
            servers.withLock { _ = $0.insert(server) }
            let proxy = self
            // The second pump to end closes both descriptors (a silenced pair ends when an end closes or `close`).
            let pumping = Mutex(2)
            let ended: @Sendable () -> Void = {
                guard
                    pumping.withLock({ count in
                        count -= 1
                        return count == 0
                    })
                else { return }
                proxy.open.withLock { $0.subtract([client, server]) }
                proxy.servers.withLock { _ = $0.remove(server) }
                proxy.deafened.withLock { _ = $0.remove(server) }
                proxy.silenced.withLock { $0.subtract([client, server]) }
                Glibc.close(client)
                Glibc.close(server)
            }
            Thread.detachNewThread {
                proxy.pump(from: client, to: server)
                ended()
            }
            Thread.detachNewThread {
                proxy.pump(from: server, to: client)
                ended()
            }
        }
    }

    /// Copies bytes until either end closes; once the connection is silenced, what comes is read and dropped.
    private func pump(from source: Int32, to sink: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            if silenced.withLock({ $0.contains(source) || $0.contains(sink) }) { continue }
            if deafened.withLock({ $0.contains(source) }) { continue }
            var sent = 0
            while sent < count {
                // MSG_NOSIGNAL: a peer that closed is an error here, not SIGPIPE for the whole test process (a
                // 30-minute checker run died of it, signal 13).
                let written = buffer.withUnsafeBytes {
                    send(sink, $0.baseAddress.map { $0 + sent }, count - sent, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { break }
                sent += written
            }
        }
        // A silenced connection is never closed from here: its peer must not hear of an end.
        guard !silenced.withLock({ $0.contains(source) || $0.contains(sink) }) else { return }
        shutdown(sink, Int32(SHUT_WR))
    }
}
