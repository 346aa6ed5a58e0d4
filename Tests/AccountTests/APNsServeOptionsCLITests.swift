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
}
