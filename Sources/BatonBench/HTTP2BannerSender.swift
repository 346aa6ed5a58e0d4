import BatonEnvironment
import Foundation
import Notifications

/// The benchmark's provider over APNs' HTTP/2 API: `baton-apns serve` on a free loopback port with a
/// self-signed certificate, a provider key, and `baton-apns client` keeping one connection, to which each
/// title is a line (its answer's status comes back as a line).
final class HTTP2BannerSender {
    private let server: Process
    private let client: Process
    private let input: FileHandle
    private let output: FileHandle
    private let directory: URL

    private init(server: Process, client: Process, input: FileHandle, output: FileHandle, directory: URL) {
        self.server = server
        self.client = client
        self.input = input
        self.output = output
        self.directory = directory
    }

    /// Starts the server and the client for `owner`'s device token; nil when `baton-apns` is not built.
    static func start(link: BenchLink, owner: NotificationOwner) async throws -> HTTP2BannerSender? {
        let helper = ResourceLocator.helper("baton-apns")
        guard FileManager.default.isExecutableFile(atPath: helper.path) else { return nil }
        guard case .deviceToken(let token) = try await link.ask(.registerForRemoteNotifications(owner)) else {
            throw BenchError(description: "no device token for \(owner.bundleIdentifier)")
        }
        let keyOutput = Pipe()
        let key = try launch(helper, ["key", "create", "--team", "BENCHTEAM1", "--json"], output: keyOutput)
        key.waitUntilExit()
        guard
            let record = try JSONSerialization.jsonObject(with: keyOutput.fileHandleForReading.readDataToEndOfFile())
                as? [String: String], let keyID = record["keyID"]
        else { throw BenchError(description: "baton-apns key create printed no key id") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-apns-\(getpid())")
        let serverOutput = Pipe()
        let server = try launch(
            helper, ["serve", "--listen", "127.0.0.1:0", "--self-signed", directory.path], output: serverOutput)
        let listening = line(from: serverOutput.fileHandleForReading) ?? ""
        guard let address = listening.split(separator: " ").dropFirst(2).first?.dropFirst("https://".count) else {
            server.terminate()
            throw BenchError(description: "baton-apns serve did not listen: \(listening)")
        }
        let clientInput = Pipe()
        let clientOutput = Pipe()
        let client = try launch(
            helper,
            [
                "client", "--server", String(address), "--cacert", directory.appendingPathComponent("cert.pem").path,
                "--token", token.token, "--topic", owner.bundleIdentifier, "--key", keyID,
            ], input: clientInput, output: clientOutput)
        return HTTP2BannerSender(
            server: server, client: client, input: clientInput.fileHandleForWriting,
            output: clientOutput.fileHandleForReading, directory: directory)
    }

    /// Pushes `title`; true when APNs' answer is 200.
    func send(_ title: String) throws -> Bool {
        try input.write(contentsOf: Data((title + "\n").utf8))
        guard let answer = Self.line(from: output) else { throw BenchError(description: "baton-apns client ended") }
        return answer.hasPrefix("200")
    }

    func stop() {
        try? input.close()
        client.waitUntilExit()
        server.terminate()
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func launch(_ program: URL, _ arguments: [String], input: Pipe? = nil, output: Pipe) throws
        -> Process
    {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardOutput = output
        if let input { process.standardInput = input }
        try process.run()
        return process
    }

    /// One line read byte by byte (the rest stays in the pipe), nil at its end.
    static func line(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            guard let byte = try? handle.read(upToCount: 1), let first = byte.first else {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
