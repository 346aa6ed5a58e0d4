import Foundation
import Testing

/// Issue 13's "Also" list, each in the real binary: Ctrl-Z, Esc on About, tab labels, words typed as an
/// address, and `daemon stop` with suites open.
@Suite struct SmallFixesEndToEndTests {
    @Test func ctrlZSuspendsToTheShellAndFgBringsTheSuiteBack() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: "TERM=xterm-256color PS1='$ ' bash --norc -i", environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("$")
        try tmux.type("\(Shell.quote(fixture.binary)) --device A")
        try tmux.send("Enter")
        try await tmux.waitFor("Paths")
        try tmux.send("C-z")
        try await tmux.waitFor("Stopped")
        #expect(try tmux.display("#{alternate_on}") == "0", "the terminal must be the shell's while stopped")
        try tmux.type("fg")
        try tmux.send("Enter")
        try await tmux.waitFor("the suite again") { $0.contains("Paths") && $0.contains("? all keys") }
        #expect(try tmux.display("#{alternate_on}") == "1")
        try tmux.send("F10")
        try await tmux.waitFor("the shell again") { _ in (try? tmux.display("#{alternate_on}")) == "0" }
    }

    @Test func ctrlZWithoutJobControlSaysSoAndKeepsRunning() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("C-z")
        try await tmux.waitFor("Ctrl-Z: this shell has no job control")
    }

    @Test func escOnAboutGoesBackAndTabLabelsFollowThePage() async throws {
        let fixture = try await BatonFixture()
        let site = try SiteFixture(
            in: fixture,
            pages: [
                "index.html": "<html><head><title>Test Index</title></head><body><p>Hello.</p></body></html>"
            ])
        defer { site.stop() }
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.openBrowser()
        try await tmux.waitFor("1 Weather │")
        try tmux.go(to: site.url("index.html"))
        try await tmux.waitFor("1 Weather — Test Index")

        try tmux.send("F12")
        try await tmux.waitFor("Paths")
        try tmux.send("Escape")
        let back = try await tmux.waitFor("1 Weather — Test Index")
        #expect(!back.contains("Paths"))
    }

    @Test func wordsTypedAsAnAddressAreSaidToBeNoAddress() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.openBrowser()
        try tmux.go(to: "hello world")
        let page = try await tmux.waitFor("is not an address")
        #expect(!page.contains("NSURLErrorDomain"))
    }

    @Test func daemonStopSaysOpenSuitesWillStartItAgain() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        // The suite connects (and starts the daemon) on its own.
        let deadline = Date().addingTimeInterval(60)
        var devices = ""
        while Date() < deadline {
            devices = (try? Shell.run(fixture.binary, ["devices"], environment: fixture.environment)) ?? ""
            if devices.contains("A") { break }
            try await Task.sleep(for: .seconds(0.1))
        }
        let stop = try Shell.run(fixture.binary, ["daemon", "stop"], environment: fixture.environment)
        #expect(stop.contains("baton daemon stopped"))
        #expect(stop.contains("suite(s) still open will start it again"), "\(stop)")
    }
}
