import Foundation
import Testing

/// A private session bus (Debian's `dbus-daemon --session`) in a fresh `BATON_HOME`, with Baton serving
/// `org.freedesktop.Notifications` on it for device B (`baton notifications server on --device B`).
final class FreedesktopServerFixture {
    let fixture: BatonFixture
    let address: String
    let bus: Process
    let environment: [String: String]

    /// With `serving` false, Baton is not turned on (the test does it).
    convenience init(serving: Bool = true, extraEnvironment: [String: String] = [:]) async throws {
        try await self.init(
            fixture: try await BatonFixture(), device: serving ? "B" : nil, extraEnvironment: extraEnvironment)
    }

    /// The bus in `fixture`'s home, Baton serving on it for `device` (nil: not turned on).
    init(fixture: BatonFixture, device: String?, extraEnvironment: [String: String] = [:]) async throws {
        for (binary, package) in [
            ("/usr/bin/dbus-daemon", "dbus-daemon"), ("/usr/bin/notify-send", "libnotify-bin"),
            ("/usr/bin/gdbus", "libglib2.0-bin"),
        ] {
            try #require(
                FileManager.default.isExecutableFile(atPath: binary),
                "\(binary) is missing: install the Debian package \(package) (scripts/setup.sh --test)")
        }
        self.fixture = fixture
        let socket = fixture.home.appendingPathComponent("bus").path
        address = "unix:path=\(socket)"
        environment = fixture.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]) {
            _, new in new
        }.merging(extraEnvironment) { _, new in new }
        bus = try Self.start(
            ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address", address],
            environment: environment, output: fixture.home.appendingPathComponent("bus.log"))
        do {
            try await Self.poll("the session bus socket") { FileManager.default.fileExists(atPath: socket) }
            if let device {
                try baton(["notifications", "server", "on", "--device", device])
                try await waitForName("owner")
            }
        } catch {
            close()
            throw error
        }
    }

    /// Waits until `status --json` says Baton is the name's `owner` or is `waiting` for it.
    func waitForName(_ state: String) async throws {
        try await Self.poll("the server's name: \(state)") {
            (try? baton(["notifications", "server", "status", "--json"]))?.contains(#""name" : "\#(state)""#) ?? false
        }
    }

    /// Stops the server, the daemon and the bus.
    func close() {
        _ = try? baton(["notifications", "server", "off"])
        _ = try? baton(["daemon", "stop"])
        Self.stop(bus)
    }

    /// Kills a process `start` started (SIGKILL: the test runner's blocked signals are inherited through
    /// Foundation's `Process`, so SIGTERM may never arrive).
    static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs `baton arguments` with this fixture's environment; its output.
    @discardableResult
    func baton(_ arguments: [String]) throws -> String {
        try Shell.run(fixture.binary, arguments, environment: environment)
    }

    /// Runs a program to its end with this fixture's environment (the bus address); its output.
    @discardableResult
    func run(_ command: [String]) throws -> String {
        try Shell.run(command[0], Array(command.dropFirst()), environment: environment)
    }

    /// The delivered notifications' JSON.
    func delivered() throws -> String { try baton(["notifications", "delivered", "--json"]) }

    /// The delivered notification titled `title`: its owner and content, as `delivered --json` lists them.
    func delivered(titled title: String) throws -> (owner: [String: Any], content: [String: Any])? {
        let list = try JSONSerialization.jsonObject(with: Data(delivered().utf8)) as? [[String: Any]] ?? []
        for item in list {
            guard let request = item["request"] as? [String: Any], let content = request["content"] as? [String: Any],
                content["title"] as? String == title, let owner = item["owner"] as? [String: Any]
            else { continue }
            return (owner, content)
        }
        return nil
    }

    /// Starts `command` in the background, its output (and errors) going to `output`.
    static func start(_ command: [String], environment: [String: String], output: URL) throws -> Process {
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Polls `condition` every 50 ms for up to 60 s (a hang guard, not a timing assertion).
    static func poll(_ what: String, _ condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting for \(what)")
        throw E2EError.timeout(what)
    }

    /// Waits until `file` contains `text`; its contents.
    @discardableResult
    static func waitFor(_ text: String, in file: URL) async throws -> String {
        var contents = ""
        try await poll("“\(text)” in \(file.lastPathComponent)") {
            contents = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return contents.contains(text)
        }
        return contents
    }
}
