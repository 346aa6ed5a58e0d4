import Foundation
import Testing

/// Issue 26: `baton apns serve` checks its options before it starts a daemon: a bad one is one line and exit
/// 64 (usage), and no daemon is left running; nor does asking for help start one.
@Suite(.serialized) struct APNsServeOptionsCLITests {
    @Test func aBadServeOptionIsOneUsageLineAndStartsNoDaemon() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let cases: [([String], String)] = [
            (["--listen", "nonsense"], "baton apns: --listen is host:port, not nonsense"),
            (["--tls-cert", "/nonexistent.pem"], "baton apns: --tls-cert and --tls-key go together"),
            (["--token-limit=-3"], "baton apns: --token-limit is 0 or more, not -3"),
        ]
        for (options, line) in cases {
            let result = try await harness.run(["apns", "serve"] + options)
            #expect(result.status == 64, "\(options): \(result.output)")
            #expect(result.output.trimmingCharacters(in: .newlines) == line, "\(options)")
        }
        let help = try await harness.run(["apns", "serve", "--help"])
        #expect(help.status == 0 && help.output.contains("--token-limit"), "\(help.output)")
        #expect(harness.daemonPID == nil)
        #expect(!FileManager.default.fileExists(atPath: harness.socket.path))
        let status = try await harness.run(["daemon", "status"])
        #expect(status.status == 3, "\(status.output)")
    }

    /// `baton apns on --token-limit 1`: the daemon's server keeps the limit (the second push to one token is 429).
    @Test func apnsOnKeepsItsTokenLimit() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        let tls = harness.home.appendingPathComponent("tls")
        let on = try await harness.run([
            "apns", "on", "--listen", "127.0.0.1:0", "--self-signed", tls.path, "--token-limit", "1",
        ])
        let address = try #require(
            on.output.firstMatch(of: /apns on: https:\/\/(\S+)/).map { String($0.1) }, "\(on.output)")
        let created = try await harness.run(["apns", "key", "create", "--team", "T3AMID0001", "--json"])
        let key = try #require(
            try JSONSerialization.jsonObject(with: Data(created.output.utf8)) as? [String: String], "\(created.output)")
        let jwt = try await harness.run(["apns", "token", "--key", key["keyID"] ?? ""]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var statuses: [String] = []
        for _ in 0..<2 {
            let curl = try ProbeProcess(
                command: [
                    "/usr/bin/curl", "-s", "--http2", "--cacert", tls.appendingPathComponent("cert.pem").path,
                    "-H", "apns-topic: com.example.tea", "-H", "apns-push-type: alert", "-H",
                    "authorization: bearer \(jwt)",
                    "--data", #"{"aps":{"alert":"tea"}}"#, "-w", " %{http_code}",
                    "https://\(address)/3/device/\(String(repeating: "ab", count: 32))",
                ], environment: ["PATH": "/usr/bin:/bin"])
            _ = await curl.exitStatus()
            statuses.append(curl.transcript)
        }
        #expect(statuses == [#"{"reason":"BadDeviceToken"} 400"#, #"{"reason":"TooManyRequests"} 429"#])
    }
}
