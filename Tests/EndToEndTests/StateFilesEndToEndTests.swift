import Foundation
import Testing

/// Issue 28, finding 10, through the real binary: files 0600 and folders 0700 under the state directory (and
/// looser ones fixed when the daemon starts), exit 78 for an unsafe path, no daemon started behind a
/// `BATON_SOCKET` where none answers, no FIFO opened as a file, and a daemon whose working directory is its
/// state directory.
@Suite struct StateFilesEndToEndTests {
    static func run(_ fixture: BatonFixture, _ arguments: [String], environment: [String: String] = [:]) -> (
        status: Int32, output: String
    ) {
        // `timeout` turns a hang (a FIFO opened for reading) into exit 124 instead of a test that never ends.
        do {
            let output = try Shell.run(
                "/usr/bin/timeout", ["60", fixture.binary] + arguments,
                environment: fixture.environment.merging(environment) { $1 })
            return (0, output)
        } catch E2EError.commandFailed(_, let status, let output) {
            return (status, output)
        } catch {
            return (-1, "\(error)")
        }
    }

    static func mode(_ url: URL) -> Int {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return -1 }
        return Int(info.st_mode & 0o777)
    }

    /// Every file and folder under `directory` with group or other bits, as "path mode".
    static func loose(under directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var found: [String] = []
        for case let relative as String in enumerator {
            let url = directory.appendingPathComponent(relative)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFREG || kind == S_IFDIR, info.st_mode & 0o077 != 0 {
                found.append("\(relative) \(String(info.st_mode & 0o777, radix: 8))")
            }
        }
        return found
    }

    var state: (BatonFixture) -> URL { { $0.home.appendingPathComponent("state") } }

    @Test func aNewDeviceFolderAndItsLocationAreTheUsersAlone() async throws {
        let fixture = try await BatonFixture()
        let set = Self.run(fixture, ["location", "set", "--device", "new", "51.5", "-0.12"])
        #expect(set.status == 0, "\(set.output)")
        let device = state(fixture).appendingPathComponent("devices/new")
        #expect(Self.mode(device) == 0o700)
        #expect(Self.mode(device.appendingPathComponent("location.json")) == 0o600)
        #expect(Self.loose(under: state(fixture)).isEmpty, "\(Self.loose(under: state(fixture)))")
    }

    @Test func looserFilesAndFoldersAreFixedWhenTheDaemonStarts() async throws {
        let fixture = try await BatonFixture()
        let device = state(fixture).appendingPathComponent("devices/old")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        let group = state(fixture).appendingPathComponent("group.baton")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        for (file, text) in [
            (device.appendingPathComponent("browser.json"), "{}"),
            (device.appendingPathComponent("kv-pending.json"), "[]"),
            (group.appendingPathComponent("favorites.json"), "[]"),
        ] {
            try Data(text.utf8).write(to: file)
            chmod(file.path, 0o644)
        }
        for folder in [state(fixture), state(fixture).appendingPathComponent("devices"), device, group] {
            chmod(folder.path, 0o755)
        }
        chmod(fixture.home.path, 0o700)
        let start = Self.run(fixture, ["daemon", "start"])
        #expect(start.status == 0, "\(start.output)")
        #expect(Self.loose(under: state(fixture)).isEmpty, "\(Self.loose(under: state(fixture)))")
        // The daemon works in its state directory, not where the command that started it was.
        let lock = try String(contentsOf: fixture.home.appendingPathComponent("run/daemon.lock"), encoding: .utf8)
        let pid = try #require(Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)))
        let cwd = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
        #expect(cwd == state(fixture).path)
    }

    @Test func anUnsafeFileIsExit78() async throws {
        let fixture = try await BatonFixture()
        try FileManager.default.createDirectory(at: state(fixture), withIntermediateDirectories: true)
        chmod(state(fixture).path, 0o700)
        try FileManager.default.createSymbolicLink(
            atPath: state(fixture).appendingPathComponent("account.sqlite").path, withDestinationPath: "/dev/null")
        for arguments in [["daemon", "start"], ["kv", "get", "k"], ["notify", "--title", "t", "--in", "1h"]] {
            let result = Self.run(fixture, arguments)
            #expect(result.status == 78, "\(arguments): \(result.output)")
            #expect(result.output.contains("symbolic link"), "\(arguments): \(result.output)")
        }
    }

    @Test func aMissingForwardedSocketNeverStartsADaemon() async throws {
        let fixture = try await BatonFixture()
        let missing = fixture.home.appendingPathComponent("gone.sock").path
        for arguments in [["kv", "get", "k"], ["notify", "--title", "t", "--in", "1h"], ["daemon", "start"]] {
            let result = Self.run(fixture, arguments, environment: ["BATON_SOCKET": missing])
            #expect(result.status == 3, "\(arguments): \(result.output)")
            #expect(result.output.contains("BATON_SOCKET"), "\(arguments): \(result.output)")
            #expect(result.output.split(separator: "\n").count == 1, "\(arguments): \(result.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.home.appendingPathComponent("run/daemon.sock").path))
    }

    @Test func aFIFOIsNeverOpenedAsAFile() async throws {
        let fixture = try await BatonFixture()
        let fifo = fixture.home.appendingPathComponent("photo.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let attach = Self.run(fixture, ["notify", "--title", "t", "--in", "1h", "--attach", fifo])
        #expect(attach.status == 65, "\(attach.output)")
        #expect(attach.output.contains("is not a regular file"), "\(attach.output)")
        let folder = Self.run(fixture, ["notify", "--title", "t", "--in", "1h", "--attach", "/etc"])
        #expect(folder.status == 65, "\(folder.output)")
        #expect(folder.output.contains("is a directory"), "\(folder.output)")
        // A FIFO where the cookie jar was: cookies are off, said in one line, nothing waits.
        let device = state(fixture).appendingPathComponent("devices/d")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        #expect(mkfifo(device.appendingPathComponent("cookies.json").path, 0o600) == 0)
        let cookies = Self.run(fixture, ["cookies", "list", "--device", "d"])
        #expect(cookies.status == 1, "\(cookies.output)")
        #expect(cookies.output.contains("not a regular file"), "\(cookies.output)")
        // The same for the device's own state files (here its location).
        #expect(mkfifo(device.appendingPathComponent("location.json").path, 0o600) == 0)
        let location = Self.run(fixture, ["location", "get", "--device", "d"])
        #expect(location.status == 1, "\(location.output)")
        #expect(location.output.contains("it is not a regular file"), "\(location.output)")
        #expect(location.output.split(separator: "\n").count == 1, "\(location.output)")
    }
}
