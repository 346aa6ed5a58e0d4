import Foundation
import Testing

/// Issue 24, items 5 and 17, through the real binary: every command has `--help`, the same mistake exits the
/// same way everywhere, and the help says what is there once.
@Suite struct CommandConsistencyEndToEndTests {
    @Test(arguments: [["ssh", "--help"], ["ssh", "-h"], ["ssh", "-p", "22", "--help"]])
    func sshHasHelp(arguments: [String]) async throws {
        let fixture = try await BatonFixture()
        let help = CommandLineEndToEndTests.run(fixture, arguments)
        #expect(help.status == 0, "\(help.output)")
        #expect(help.output.contains("USAGE: baton ssh"), "\(help.output)")
    }

    @Test func helpSaysEachDefaultOnceAndNamesEveryApp() async throws {
        let fixture = try await BatonFixture()
        let notify = CommandLineEndToEndTests.run(fixture, ["notify", "--help"])
        #expect(notify.status == 0)
        #expect(notify.output.components(separatedBy: "com.baton.cli").count == 2, "\(notify.output)")
        let suite = CommandLineEndToEndTests.run(fixture, ["suite", "--help"])
        let abstract = suite.output.replacingOccurrences(of: "\n", with: " ")
        for app in ["MonkeyBrowser", "Stores", "Today", "Notifications"] {
            #expect(abstract.contains(app), "\(suite.output)")
        }
    }

    @Test func anOutOfRangeLocationIsInvalidInputAsNotifyNearSays() async throws {
        let fixture = try await BatonFixture()
        let location = CommandLineEndToEndTests.run(fixture, ["location", "set", "--device", "d", "91", "0"])
        #expect(location.status == 65, "\(location.output)")
        #expect(location.output == "baton location set: latitude 91.0 is out of range: it must lie in -90...90\n")
    }

    @Test(arguments: ["devices", "activities"])
    func jsonWithNoDaemonSaysSoAsDaemonStatusDoes(command: String) async throws {
        let fixture = try await BatonFixture()
        let status = CommandLineEndToEndTests.run(fixture, ["daemon", "status", "--json"])
        let listing = CommandLineEndToEndTests.run(fixture, [command, "--json"])
        #expect(listing.status == 3)
        #expect(listing.output == status.output, "\(listing.output)")
        #expect(listing.output == "{\"running\":false,\"startedBy\":\"on-demand\"}\n")
    }
}

/// Issue 24, item 17: a command that starts the daemon says so in a terminal (and only there).
@Suite struct DaemonStartNoticeEndToEndTests {
    @Test func aCommandThatStartsTheDaemonSaysSoInATerminalOnly() async throws {
        let fixture = try await BatonFixture()
        // `script` gives the command a terminal; its output is the terminal's.
        let inTerminal = try Shell.run(
            "/usr/bin/script",
            ["-qec", "\(Shell.quote(fixture.binary)) kv set k v", "/dev/null"], environment: fixture.environment)
        #expect(inTerminal.contains("baton: started the account daemon (pid "), "\(inTerminal)")
        _ = CommandLineEndToEndTests.run(fixture, ["daemon", "stop"])
        let piped = CommandLineEndToEndTests.run(fixture, ["kv", "get", "k"])
        #expect(piped == (0, "v\n"), "\(piped.output)")
    }
}
