import Foundation
import Testing

/// An isolated account for process-level tests: its own BATON_HOME, the built `baton` binary, the
/// processes it started, and the daemon they spawned (all killed by `tearDown`).
final class BatonHarness: @unchecked Sendable {
    let home: URL
    let binary: URL
    /// Variables set for every process started here, on top of `BATON_HOME` and `PATH`. The daemon gives a
    /// source a minute (not 5 s) to send a continued activity: a loaded test process can be that slow to answer
    /// from its hooks; the tests of the deadline itself set their own.
    var environment: [String: String] = ["BATON_DAEMON_LIMITS": "continue-ms=60000"]
    private var processes: [ProbeProcess] = []

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let monkeyBrowser = repository.appendingPathComponent("Resources/MonkeyBrowser/Info.plist").path
    static let weather = "com.baton.monkeybrowser.tab.weather"

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-test-\(UUID().uuidString)")
        if let explicit = ProcessInfo.processInfo.environment["BATON_BINARY"] {
            // Another build of baton (an older one, to show a test fails without its fix).
            binary = URL(fileURLWithPath: explicit)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            return
        }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test bundle sits in the build directory (possibly inside a .xctest bundle directory).
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("baton").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        binary = directory.appendingPathComponent("baton")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "build the baton executable first (swift build --product baton)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var runDirectory: URL { home.appendingPathComponent("run") }
    var socket: URL { runDirectory.appendingPathComponent("daemon.sock") }

    /// The pid the running daemon wrote into its lock file.
    var daemonPID: Int32? {
        (try? String(contentsOf: runDirectory.appendingPathComponent("daemon.lock"), encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Starts `baton <arguments>` in this account.
    @discardableResult
    func launch(_ arguments: [String], prefix: [String] = []) throws -> ProbeProcess {
        let process = try ProbeProcess(
            command: prefix + [binary.path] + arguments,
            environment: environment.merging(["BATON_HOME": home.path, "PATH": "/usr/bin:/bin"]) { _, fixed in fixed })
        processes.append(process)
        return process
    }

    /// Runs `baton <arguments>` to completion: its exit status and everything it printed.
    func run(_ arguments: [String], prefix: [String] = []) async throws -> (status: Int32?, output: String) {
        let process = try launch(arguments, prefix: prefix)
        let status = await process.exitStatus()
        return (status, process.transcript)
    }

    /// An `advertise` probe as device `device`.
    func advertise(device: String, type: String = weather, extra: [String] = []) throws -> ProbeProcess {
        try launch(
            ["handoff-probe", "advertise", "--manifest", Self.monkeyBrowser, "--device", device, "--type", type]
                + extra + ["--seconds", "600"])
    }

    /// A `continue` or `watch` probe as device `device`.
    func probe(_ mode: String, device: String, extra: [String] = []) throws -> ProbeProcess {
        try launch(
            ["handoff-probe", mode, "--manifest", Self.monkeyBrowser, "--device", device, "--seconds", "600"] + extra)
    }

    /// Kills every process started here and the daemon, then removes the home.
    func tearDown() {
        for process in processes { process.kill() }
        if let pid = daemonPID, pid > 0 { Foundation.kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: home)
    }
}

/// A child process whose standard output is read line by line (JSON lines for probes).
final class ProbeProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private var endOfOutput = false
    private let output = Pipe()

    init(command: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // A thread of its own blocks in read(2) until end of file: Foundation's readabilityHandler on
        // Linux can stop after the first 16 KB of a child that printed more and exited.
        let reader = output.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                append(Data(buffer[0..<count]))
            }
            finishOutput()
        }
    }

    var pid: Int32 { process.processIdentifier }

    private func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        partial.append(data)
        while let newline = partial.firstIndex(of: 0x0A) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
    }

    private func finishOutput() {
        lock.withLock {
            endOfOutput = true
            if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)) }
            partial.removeAll()
        }
    }

    /// Waits (up to `limit` seconds, a hang guard) until every process holding the output pipe closed it
    /// and all it printed was read: after `exitStatus`, the transcript is then whole however large.
    func drained(limit: TimeInterval = 60) async {
        let deadline = Date().addingTimeInterval(limit)
        while !lock.withLock({ endOfOutput }), Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// Everything printed so far.
    var transcript: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }

    /// The first JSON line after `skipping` earlier matches whose object satisfies `match`, waiting up to
    /// `limit` seconds (a guard against hangs, not a timing assertion). Nil when it never came.
    func waitForEvent(
        _ event: String, skipping: Int = 0, limit: TimeInterval = 60,
        where match: ([String: Any]) -> Bool = { _ in true }
    ) async -> [String: Any]? {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            let found = lock.withLock { lines }
                .compactMap { line in
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
                }
                .filter { $0["event"] as? String == event && match($0) }
            if found.count > skipping { return found[skipping] }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Waits for the process to exit (up to `limit` seconds) and for the rest of what it printed, and
    /// returns its status, or nil.
    func exitStatus(limit: TimeInterval = 120) async -> Int32? {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else { return nil }
        await drained(limit: 10)
        return process.terminationStatus
    }

    func kill(signal: Int32 = SIGKILL) {
        if process.isRunning { Foundation.kill(process.processIdentifier, signal) }
    }
}
