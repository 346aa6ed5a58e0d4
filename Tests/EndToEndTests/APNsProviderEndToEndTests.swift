import Foundation
import Testing

/// Issue 26 part 2 end to end in tmux: `baton apns on` serves APNs' provider API for the daemon, and Apple's own
/// documented shell commands for a token-based push ("Sending push notifications using command-line tools":
/// the JWT made with openssl, then `curl --http2`), with only the host and the files changed (and --cacert
/// for the self-signed certificate), put the banner on the suite whose token it names, and not on the other; so
/// does aioapns, a provider library from PyPI, with only its host changed.
@Suite(.serialized) struct APNsProviderEndToEndTests {
    /// Apple's commands, verbatim but for the host, the key file and `--cacert`.
    static let appleScript = #"""
        export JWT_ISSUE_TIME=$(date +%s)
        export JWT_HEADER=$(printf '{ "alg": "ES256", "kid": "%s" }' "${AUTH_KEY_ID}" | openssl base64 -e -A | tr -- '+/' '-_' | tr -d =)
        export JWT_CLAIMS=$(printf '{ "iss": "%s", "iat": %d }' "${TEAM_ID}" "${JWT_ISSUE_TIME}" | openssl base64 -e -A | tr -- '+/' '-_' | tr -d =)
        export JWT_HEADER_CLAIMS="${JWT_HEADER}.${JWT_CLAIMS}"
        export JWT_SIGNED_HEADER_CLAIMS=$(printf "${JWT_HEADER_CLAIMS}" | openssl dgst -binary -sha256 -sign "${TOKEN_KEY_FILE_NAME}" | openssl base64 -e -A | tr -- '+/' '-_' | tr -d =)
        export AUTHENTICATION_TOKEN="${JWT_HEADER}.${JWT_CLAIMS}.${JWT_SIGNED_HEADER_CLAIMS}"
        curl -v --cacert "${CA_FILE}" --header "apns-topic: $TOPIC" --header "apns-push-type: alert" --header "authorization: bearer $AUTHENTICATION_TOKEN" --data '{"aps":{"alert":"test"}}' --http2 https://${APNS_HOST_NAME}/3/device/${DEVICE_TOKEN}
        """#

    @Test func applesCurlCommandAndAioapnsPutTheBannerOnTheSuiteOfTheToken() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let fixture = devices.fixture
        let about = try await devices.b.waitFor("B's MonkeyBrowser token in About") {
            DeviceTokenEndToEndTests().token(of: DeviceTokenEndToEndTests.browser, in: $0) != nil
        }
        let bToken = try #require(DeviceTokenEndToEndTests().token(of: DeviceTokenEndToEndTests.browser, in: about))
        try await fixture.browserSettings(on: "B", ["--allow"])

        let keyJSON = try Shell.run(
            fixture.binary, ["apns", "key", "create", "--team", "TEAMID1234", "--json"],
            environment: fixture.environment)
        let key = try #require(
            try JSONSerialization.jsonObject(with: Data(keyJSON.utf8)) as? [String: String], "\(keyJSON)")
        let tls = fixture.home.appendingPathComponent("apns-tls")
        let on = try Shell.run(
            fixture.binary, ["apns", "on", "--listen", "127.0.0.1:0", "--self-signed", tls.path],
            environment: fixture.environment)
        let host = try #require(on.split(separator: "\n").last { $0.hasPrefix("apns on: https://") })
            .dropFirst("apns on: https://".count)
        let status = try Shell.run(fixture.binary, ["apns", "status"], environment: fixture.environment)
        #expect(status.contains("apns on: https://\(host) (pid "), "\(status)")
        #expect(try !devices.b.screen().contains("test"))

        let script = fixture.home.appendingPathComponent("apple-push.sh")
        try Self.appleScript.write(to: script, atomically: true, encoding: .utf8)
        var environment = fixture.environment
        environment["TEAM_ID"] = "TEAMID1234"
        environment["TOKEN_KEY_FILE_NAME"] = key["file"]
        environment["AUTH_KEY_ID"] = key["keyID"]
        environment["TOPIC"] = DeviceTokenEndToEndTests.browser
        environment["DEVICE_TOKEN"] = bToken
        environment["APNS_HOST_NAME"] = String(host)
        environment["CA_FILE"] = tls.appendingPathComponent("cert.pem").path
        let transcript = try Shell.run("/bin/bash", [script.path], environment: environment)
        #expect(transcript.contains("< HTTP/2 200"), "\(transcript)")
        #expect(transcript.contains("< apns-id: "), "\(transcript)")
        try await devices.b.waitFor("test")
        #expect(try !devices.a.screen().contains("test"))
        let delivered = try Shell.run(
            fixture.binary,
            ["notifications", "delivered", "--app", DeviceTokenEndToEndTests.browser, "--device", "B", "--json"],
            environment: fixture.environment)
        #expect(delivered.contains(#""body" : "test""#), "\(delivered)")

        // A real provider library from PyPI (aioapns 4.0, scripts/setup.sh --test installs it), with only its host
        // and port changed and the certificate trusted, on its own HTTP/2 connection and token.
        let port = String(host.split(separator: ":").last ?? "")
        let library = try Shell.run(
            "/usr/bin/env",
            [
                "python3", Self.providers.appendingPathComponent("aioapns_push.py").path, "127.0.0.1", port,
                tls.appendingPathComponent("cert.pem").path, key["file"] ?? "", key["keyID"] ?? "", "TEAMID1234",
                DeviceTokenEndToEndTests.browser, bToken, "Sent by aioapns",
            ], environment: fixture.environment)
        #expect(library.contains("200 Success"), "\(library)")
        try await devices.b.waitFor("Sent by aioapns")
        #expect(try !devices.a.screen().contains("Sent by aioapns"))

        // The daemon supervises the server: killed, it is started again (a new pid) within its 5 s interval.
        let first = try Self.status(fixture)
        let pid = try #require(first["pid"] as? Int)
        kill(pid_t(pid), SIGKILL)
        let deadline = Date().addingTimeInterval(45)
        var again = first
        while Date() < deadline, (again["pid"] as? Int).map({ $0 == pid }) ?? true {
            try await Task.sleep(for: .milliseconds(100))
            again = try Self.status(fixture)
        }
        #expect(again["running"] as? Bool == true && again["pid"] as? Int != pid, "\(again)")

        let off = try Shell.run(fixture.binary, ["apns", "off"], environment: fixture.environment)
        #expect(off.contains("apns off"))
        let stopped = try Self.status(fixture)
        #expect(stopped["enabled"] as? Bool == false && stopped["running"] as? Bool == false, "\(stopped)")
    }

    /// Tests/EndToEndTests/Providers: provider programs in other languages.
    static let providers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Providers")

    static func status(_ fixture: BatonFixture) throws -> [String: Any] {
        let text = try Shell.run(fixture.binary, ["apns", "status", "--json"], environment: fixture.environment)
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }
}
