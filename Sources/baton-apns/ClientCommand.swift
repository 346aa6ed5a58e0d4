import APNsProvider
import APNsServer
import ArgumentParser
import BatonEnvironment
import Foundation

/// `baton apns client`: a provider on one HTTP/2 connection, as provider libraries keep one: each line of
/// standard input is an alert title pushed to the token; each answer's status (and reason) is one line of
/// standard output. The benchmark's sender (`baton bench notifications`' `http2_push_banner_pty`).
struct ClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client", abstract: "Push each line of standard input as an alert title over one connection.",
        shouldDisplay: false)

    @Option(help: ArgumentHelp("The server.", valueName: "host:port")) var server: String
    @Option(help: "The server's certificate (PEM) to trust.") var cacert: String
    @Option(help: "The device token.") var token: String
    @Option(help: "apns-topic.") var topic: String
    @Option(help: "The provider key id (baton apns key create).") var key: String

    func run() async throws {
        guard let (host, port) = ServeCommand.split(server) else { throw ValidationError("--server is host:port") }
        let keys = ProviderKeys(paths: BatonPaths())
        guard let entry = keys.entry(key) else { throw ValidationError("no provider key \(key)") }
        let bearer = try ProviderToken.make(
            keyID: key, team: entry.team, issuedAt: Date(), key: try keys.privateKey(key))
        let client = try await APNsHTTP2Client(host: host, port: port, caFile: cacert)
        let headers = [
            ("apns-topic", topic), ("apns-push-type", "alert"), ("authorization", "bearer \(bearer)"),
        ]
        while let line = readLine() {
            let payload = try JSONSerialization.data(withJSONObject: ["aps": ["alert": ["title": line]]])
            let (status, body) = try await client.post(path: "/3/device/\(token)", headers: headers, body: payload)
            try? StandardOutput.emit(Data("\(status) \(String(decoding: body, as: UTF8.self))\n".utf8))
        }
        await client.close()
    }
}
