import Foundation
import Testing

/// Issue 26, device tokens end to end in tmux: each suite's MonkeyBrowser registers for remote
/// notifications at start and About shows its token; `baton push --token` with B's token puts the banner
/// on B (and not on A), as a provider pushing to the token its app sent it.
@Suite(.serialized) struct DeviceTokenEndToEndTests {
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    /// The token About shows under `bundle` (the line after the bundle's; the first word of each, as a
    /// scroll bar ends the lines).
    func token(of bundle: String, in screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.split(separator: " ").first.map(String.init) == bundle }),
            index + 1 < lines.count
        else { return nil }
        let token = lines[index + 1].split(separator: " ").first.map(String.init) ?? ""
        return token.count == 64 && token.allSatisfy(\.isHexDigit) ? token : nil
    }

    @Test func pushByTheTokenBsBrowserRegisteredShowsItsBannerOnB() async throws {
        let devices = try await TwoDevices()
        defer { devices.close() }
        let about = try await devices.b.waitFor("B's MonkeyBrowser token in About") {
            token(of: Self.browser, in: $0) != nil
        }
        let bToken = try #require(token(of: Self.browser, in: about))
        let aAbout = try await devices.a.waitFor("A's MonkeyBrowser token in About") {
            token(of: Self.browser, in: $0) != nil
        }
        #expect(token(of: Self.browser, in: aAbout) != bToken, "a token is per device")
        let listed = try Shell.run(
            devices.fixture.binary, ["notifications", "tokens", "--app", Self.browser, "--device", "B"],
            environment: devices.fixture.environment)
        #expect(listed.contains("\(bToken)  \(Self.browser) on B  valid"), "\(listed)")

        try await devices.fixture.browserSettings(on: "B", ["--allow"])
        let payload =
            #"{"aps": {"alert": {"title": "Sent to a token", "body": "From a provider"}}, "url": "about:blank"}"#
        let file = devices.fixture.home.appendingPathComponent("push-token.json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        let answer = try Shell.run(
            devices.fixture.binary, ["push", file.path, "--app", Self.browser, "--token", bToken],
            environment: devices.fixture.environment)
        #expect(answer.contains("delivered to B"), "\(answer)")
        try await devices.b.waitFor("Sent to a token")
        #expect(try !devices.a.screen().contains("Sent to a token"))
    }
}
