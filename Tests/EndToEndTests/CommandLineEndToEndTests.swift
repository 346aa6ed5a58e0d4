import Foundation
import Testing

/// Issue 13, findings 8–10: one clear line and a documented exit code for every error, no UI where it
/// cannot run, and one stable device for commands run outside a terminal.
@Suite struct CommandLineEndToEndTests {
    /// Runs baton; returns its exit code and its output (standard output and error together).
    static func run(_ fixture: BatonFixture, _ arguments: [String], environment: [String: String] = [:]) -> (
        status: Int32, output: String
    ) {
        do {
            return (
                0,
                try Shell.run(fixture.binary, arguments, environment: fixture.environment.merging(environment) { $1 })
            )
        } catch E2EError.commandFailed(_, let status, let output) {
            return (status, output)
        } catch {
            return (-1, "\(error)")
        }
    }

    @Test(arguments: [
        (["bogus"], "baton: unknown command 'bogus'"),
        (
            ["widget", "run", "days-remaining", "--now", "bogus"],
            "baton widget run: cannot read 'bogus' as an ISO 8601 date"
        ),
        (["kv", "set", "k", "{oops", "--json-value"], "baton kv set: VALUE '{oops' is not valid JSON"),
        (["location", "set", "51.5"], "baton location set: expected LAT LON"),
        (["location", "set", "north", "0"], "baton location set: latitude 'north' is not a number"),
        (["dump", "about:blank", "--cols", "0"], "baton dump: --cols must be between 1 and 10000"),
        (["--now", "0001-01-01"], "baton: '0001-01-01' is outside the years 1583–9999"),
        (["widget", "run", "days-remaining", "--now", "0001-01-01"], "baton widget run: '0001-01-01' is outside"),
        (["devices", "--bogus"], "baton devices: Unknown option '--bogus'"),
    ])
    func usageErrorsAreOneLineNamingTheCommandWithExit64(arguments: [String], expected: String) async throws {
        let fixture = try await BatonFixture()
        let (status, output) = Self.run(fixture, arguments)
        #expect(status == 64, "\(arguments): exit \(status), \(output)")
        #expect(output.hasPrefix(expected), "\(arguments): \(output)")
        #expect(output.split(separator: "\n").count == 1, "\(arguments) took more than one line: \(output)")
        #expect(!output.contains("DecodingError"))
    }

    @Test func failuresAreOneLineWithTheirDocumentedCodes() async throws {
        let fixture = try await BatonFixture()
        let noDaemon = Self.run(fixture, ["devices"])
        #expect(noDaemon.status == 3)
        #expect(noDaemon.output == "baton devices: no daemon is running (start one with 'baton daemon start')\n")
        let missing = Self.run(fixture, ["location", "get", "--device", "nowhere"])
        #expect(missing == (1, "baton location get: no location set for nowhere\n"))
        let help = Self.run(fixture, ["--help"])
        #expect(help.status == 0)
        for code in ["0 ", "1 ", "2 ", "3 ", "64 "] { #expect(help.output.contains("\n  \(code)")) }
    }

    @Test func negativeCoordinatesAfterDoubleDashAreAccepted() async throws {
        let fixture = try await BatonFixture()
        let set = Self.run(fixture, ["location", "set", "--device", "syd", "--", "-33.86", "151.2"])
        #expect(set.status == 0, "\(set.output)")
        #expect(Self.run(fixture, ["location", "get", "--device", "syd"]) == (0, "-33.86, 151.2\n"))
    }

    /// Outside a terminal, per-device commands act on one stable device and say which.
    @Test func commandsOutsideATerminalShareOneStableDevice() async throws {
        let fixture = try await BatonFixture()
        let set = Self.run(fixture, ["location", "set", "51.5", "-0.12"])
        #expect(set.status == 0)
        #expect(set.output.contains(":no-tty: 51.5, -0.12"), "\(set.output)")
        let get = Self.run(fixture, ["location", "get"])
        #expect(get.status == 0, "\(get.output)")
        #expect(get.output.contains("51.5, -0.12"))
        #expect(get.output.contains(":no-tty"), "get should say which device it read: \(get.output)")
        let devices = try FileManager.default.contentsOfDirectory(
            atPath: fixture.home.appendingPathComponent("state/devices").path)
        #expect(devices.count == 1, "one device folder, not one per run: \(devices)")
        // BATON_DEVICE still names another device.
        #expect(Self.run(fixture, ["location", "get"], environment: ["BATON_DEVICE": "other"]).status == 1)
    }

    @Test func daemonStatusJSONSaysRunning() async throws {
        let fixture = try await BatonFixture()
        #expect(Self.run(fixture, ["daemon", "status", "--json"]) == (3, "{\"running\":false,\"startedBy\":\"on-demand\"}\n"))
        #expect(Self.run(fixture, ["daemon", "start"]).status == 0)
        let status = Self.run(fixture, ["daemon", "status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any]
        #expect(object?["running"] as? Bool == true)
        #expect(object?["daemonPID"] is Int)
    }
}

/// Issue 13, finding 8: where the UI cannot run, one line and exit 1 instead of a broken screen.
@Suite struct TerminalRefusalEndToEndTests {
    @Test func aDumbTerminalIsRefused() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: fixture.suiteCommand("--device A", term: "dumb"), environment: fixture.environment)
        defer { tmux.close() }
        let screen = try await tmux.waitFor("MODES=")
        #expect(screen.contains("baton: the terminal type 'dumb' cannot place the cursor"))
        #expect(screen.contains("EXIT=1"))
        #expect(screen.contains("MODES=icanonecho"))
    }

    @Test func outputToAFileIsRefusedAndTheFileStaysEmpty() async throws {
        let fixture = try await BatonFixture()
        let file = fixture.home.appendingPathComponent("out.txt").path
        let tmux = try TmuxSession(
            command: fixture.suiteCommand("--device A > \(Shell.quote(file))"), environment: fixture.environment)
        defer { tmux.close() }
        let screen = try await tmux.waitFor("EXIT=")
        #expect(screen.contains("baton: standard output is not a terminal"))
        #expect(screen.contains("EXIT=1"))
        let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue
        #expect(size == 0, "the UI was written into the file")
    }
}
