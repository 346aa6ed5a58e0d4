import Foundation
import Synchronization
import Testing

/// `baton apns serve` as the real `baton-apns` process on a free loopback port with a self-signed certificate,
/// in the account at `home` (an `InProcessDaemon`'s directory when pushes should reach a daemon).
/// `BATON_APNS_BINARY` names another build (an older one, to show a test fails without its fix).
final class APNsServeProcess: @unchecked Sendable {
    let process = Process()
    let home: URL
    let port: Int
    var caFile: String { home.appendingPathComponent("tls/cert.pem").path }
    var pid: Int32 { process.processIdentifier }
    var log: String {
        (try? String(contentsOf: home.appendingPathComponent("state/logs/apns-server.log"), encoding: .utf8)) ?? ""
    }
    private let output = Pipe()

    init(home: URL, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        self.home = home
        process.executableURL = try Self.binary("baton-apns")
        process.arguments =
            ["serve", "--listen", "127.0.0.1:0", "--self-signed", home.appendingPathComponent("tls").path] + arguments
        process.environment = environment.merging(["BATON_HOME": home.path, "PATH": "/usr/bin:/bin"]) { $1 }
        let printed = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        process.standardOutput = output
        try process.run()
        // "listening on https://127.0.0.1:PORT (certificate …)" (a generous deadline only a hang reaches).
        let deadline = ContinuousClock.now + .seconds(60)
        var port: Int?
        while port == nil, ContinuousClock.now < deadline, process.isRunning {
            let text = printed.withLock { $0 }
            port = text.firstMatch(of: /https:\/\/127\.0\.0\.1:(\d+)\s/).flatMap { Int($0.1) }
            if port == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        guard let port else {
            output.fileHandleForReading.readabilityHandler = nil
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw APNsServeProcessError.notListening(printed.withLock { $0 })
        }
        self.port = port
    }

    /// Kills the process if it still runs.
    func stop() {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits (up to `limit` seconds, a hang guard) for a line of the server's log that contains `text`.
    func logLine(containing text: String, limit: Double = 60) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(limit)
        while ContinuousClock.now < deadline {
            if let line = log.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// The Unix-domain sockets the process holds (their inodes): its connections to the daemon, and any it
    /// inherited.
    func unixSockets() -> Set<Substring> {
        let table = (try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8)) ?? ""
        let inodes = Set(
            table.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").dropFirst(6).first })
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return Set(
            fds.compactMap { fd -> Substring? in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                    target.hasPrefix("socket:[")
                else { return nil }
                let inode = Substring(target).dropFirst("socket:[".count).dropLast()
                return inodes.contains(inode) ? inode : nil
            })
    }

    /// An executable of this build (beside the test bundle), or `BATON_APNS_BINARY` for `baton-apns`.
    static func binary(_ name: String) throws -> URL {
        if name == "baton-apns", let explicit = ProcessInfo.processInfo.environment["BATON_APNS_BINARY"] {
            return URL(fileURLWithPath: explicit)
        }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(name).path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }
}

enum APNsServeProcessError: Error {
    case notListening(String)
}

/// A plain TCP connection to 127.0.0.1 that says nothing (no TLS): what an attacker without a token holds.
final class BareTCP {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard fd >= 0, connected == 0 else {
            if fd >= 0 { close(fd) }
            throw APNsServeProcessError.notListening("connect: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    /// Waits until the server has closed `expected` of `sockets`, or `limit` seconds (one hang guard for all);
    /// returns how many it closed.
    static func closed(of sockets: [BareTCP], expected: Int, limit: Double = 30) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(limit)
        var closed = 0
        while closed < expected, ContinuousClock.now < deadline {
            closed = sockets.count { $0.closedByPeer(limit: 0) }
            if closed < expected { try await Task.sleep(for: .milliseconds(20)) }
        }
        return closed
    }

    /// Whether the server closed the connection within `limit` seconds (a hang guard): end of file or a reset.
    func closedByPeer(limit: Double) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(limit * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0
    }
}
