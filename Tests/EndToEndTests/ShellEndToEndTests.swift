import Foundation
import Testing

/// The real `baton` binary in tmux: the shell, its keys, resizing and a clean exit.
@Suite(.serialized) struct ShellEndToEndTests {
    static let terminals: [(term: String, extra: String)] = [
        ("xterm-256color", ""), ("screen-256color", ""), ("tmux-256color", ""), ("xterm-256color", "NO_COLOR=1"),
    ]

    @Test(arguments: 0..<terminals.count)
    func shellRunsResizesAndExitsCleanly(_ index: Int) async throws {
        let (term, extra) = Self.terminals[index]
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: fixture.suiteCommand("--device alpha", term: term, extraEnvironment: extra),
            environment: fixture.environment)
        defer { tmux.close() }

        // The whole first frame: the About screen's paths and the help bar on the last row.
        let about = try await tmux.waitFor("the first frame") {
            $0.contains("Paths") && $0.contains("F10 quit ? all keys")
        }
        #expect(about.contains("Baton 0.1.0"))
        #expect(about.contains("◉ alpha"))
        #expect(about.contains(fixture.home.path))
        #expect(about.contains("F10 quit ? all keys"))
        #expect(try tmux.display("#{alternate_on}") == "1")
        if extra.contains("NO_COLOR") {
            #expect(about.contains("Colour    none"))
            let colour = /\x1B\[(?:[0-9;]*;)?(?:3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5;\d+|48;5;\d+)(?:;[0-9;]*)?m/
            #expect(try tmux.screenWithEscapes().firstMatch(of: colour) == nil, "NO_COLOR must not set colours")
        }

        // F4 is the Notification Center now (issue 16); F12 goes back to About.
        try tmux.send("F4")
        try await tmux.waitFor("Do Not Disturb off")
        try tmux.send("F12")
        try await tmux.waitFor("Paths")

        try tmux.resize(width: 50, height: 12)
        let small = try await tmux.waitFor("terminal too small (needs 60×16)")
        #expect(small.contains("now 50×12"))
        try tmux.resize(width: 120, height: 40)
        let restored = try await tmux.waitFor("the restored frame") {
            $0.contains("Paths") && $0.contains("F10 quit ? all keys")
        }
        #expect(!restored.contains("terminal too small"))
        #expect(restored.contains("◉ alpha"))

        try tmux.send("F10")
        let after = try await tmux.waitFor("MODES=")
        #expect(after.contains("EXIT=0"))
        #expect(after.contains("MODES=icanonecho"), "the terminal must leave raw mode")
        #expect(try tmux.display("#{alternate_on}") == "0", "the terminal must leave the alternate screen")
    }

    @Test func ctrlCQuitsWithExitZero() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--device beta"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("C-c")
        let after = try await tmux.waitFor("MODES=")
        #expect(after.contains("EXIT=0"))
        #expect(after.contains("MODES=icanonecho"))
    }

    @Test func badClockIsAClearErrorAndNonZeroExit() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(command: fixture.suiteCommand("--now yesterday"), environment: fixture.environment)
        defer { tmux.close() }
        let screen = try await tmux.waitFor("EXIT=")
        #expect(screen.contains("cannot read 'yesterday' as an ISO 8601 date"))
        #expect(!screen.contains("EXIT=0"))
    }
}
