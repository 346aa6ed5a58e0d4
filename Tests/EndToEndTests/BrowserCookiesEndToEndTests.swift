import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Cookies in the real suite: a cookie a server sets goes back with the next load, survives quitting and
/// starting the suite again, lives in the device's jar (mode 0600), and `baton cookies` lists and clears it.
@Suite(.serialized) struct BrowserCookiesEndToEndTests {
    @Test func cookieIsSentAgainAndSurvivesARestart() async throws {
        let fixture = try await BatonFixture()
        let server = try EchoServer()
        defer { server.stop() }
        let first = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { first.close() }
        try await first.openBrowser()
        try first.go(to: server.base.absoluteString + "/setcookie")
        try await first.waitFor("Cookie set.")
        try first.go(to: server.base.absoluteString + "/echo")
        let echo = try await first.waitFor("COOKIE=")
        // The Secure one stays off plain http; the session one is sent while the suite runs.
        #expect(
            echo.contains("COOKIE=flavour=oatmeal; visit=1\n") || echo.contains("COOKIE=visit=1; flavour=oatmeal\n"))
        try first.send("F10")
        try await first.waitFor("EXIT=0")

        let jar = fixture.home.appendingPathComponent("state/devices/A/cookies.json")
        var status = stat()
        #expect(stat(jar.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let listed = try Shell.run(
            fixture.binary, ["cookies", "list", "--device", "A"], environment: fixture.environment)
        #expect(listed.contains("127.0.0.1/  flavour=oatmeal  expires "))
        let json = try Shell.run(
            fixture.binary, ["cookies", "list", "--device", "A", "--json"], environment: fixture.environment)
        #expect(json.contains("\"name\" : \"flavour\""))

        let second = try TmuxSession(
            command: fixture.suiteCommand("--device A"), width: 100, height: 30, environment: fixture.environment)
        defer { second.close() }
        try await second.openBrowser()
        try second.go(to: server.base.absoluteString + "/echo")
        let again = try await second.waitFor("COOKIE=")
        #expect(again.contains("COOKIE=flavour=oatmeal\n"))  // the session cookie ended with the first suite

        let cleared = try Shell.run(
            fixture.binary, ["cookies", "clear", "--device", "A"], environment: fixture.environment)
        #expect(cleared.contains("cookies of A cleared"))
        let empty = try Shell.run(
            fixture.binary, ["cookies", "list", "--device", "A"], environment: fixture.environment)
        #expect(empty.contains("no cookies on A"))
    }

    @Test func anOpenJarIsRefusedWithTheFix() async throws {
        let fixture = try await BatonFixture()
        let jar = fixture.home.appendingPathComponent("state/devices/A/cookies.json")
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\":1,\"cookies\":[]}".utf8).write(to: jar)
        chmod(jar.path, 0o644)
        do {
            try Shell.run(fixture.binary, ["cookies", "list", "--device", "A"], environment: fixture.environment)
            Issue.record("an open jar was listed")
        } catch E2EError.commandFailed(_, let status, let output) {
            #expect(status == 1)
            #expect(
                output == "baton cookies: cookies are off until you run chmod 600 \(jar.path) (the jar is open to "
                    + "others, mode 644)\n")
        }
        #expect(try Data(contentsOf: jar) == Data("{\"version\":1,\"cookies\":[]}".utf8))
    }
}
