import BatonEnvironment
import BenchFigures
import CPseudoTerminal
import Foundation

/// `baton bench startup`: the suite's cold start, from spawn to its first frame on a real pseudo-terminal
/// (the About screen's "Paths" heading has arrived), with a private BATON_HOME; then F10 quits it.
enum StartupBench {
    static func run(samples: Int) throws -> [BenchFigure] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer {
            stopDaemon(home: home)
            try? FileManager.default.removeItem(at: home)
        }
        let executable = ResourceLocator.executableURL().path
        var firstFrame: [Double] = []
        for _ in 0..<samples { firstFrame.append(try measureOnce(executable: executable, home: home)) }
        return [
            BenchFigure(
                benchmark: "startup", metric: "suite_first_frame", unit: "ms", samples: firstFrame, budget: "≤ 150 ms")
        ]
    }

    private static func measureOnce(executable: String, home: URL) throws -> Double {
        var pathBuffer = [CChar](repeating: 0, count: 128)
        let master = baton_open_pty(40, 120, &pathBuffer, UInt(pathBuffer.count))
        guard master >= 0 else { throw BenchError(description: "cannot open a pseudo-terminal") }
        defer { close(master) }
        let slave = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slave, O_RDWR, 0) }
        var environment = ProcessInfo.processInfo.environment
        environment["BATON_HOME"] = home.path
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let argv = CStringArray([executable, "--device", "bench"])
        let envp = CStringArray(environment: environment)
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = CleanSignals.withSpawnAttributes { attributes in
            posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        }
        guard spawned == 0 else {
            throw BenchError(description: "cannot start \(executable)")
        }
        var seen = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let marker = Array("Paths".utf8)
        var elapsed: Double?
        while clock.now - start < .seconds(10) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            seen += buffer[0..<n]
            if seen.count >= marker.count, contains(seen, marker) {
                elapsed = (clock.now - start).fractionalMilliseconds
                break
            }
        }
        _ = "\u{1B}[21~".withCString { write(master, $0, 5) }  // F10
        var status: Int32 = 0
        let deadline = clock.now + .seconds(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if clock.now > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            var drain = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&drain, 1, 10) > 0 { _ = read(master, &buffer, buffer.count) }
        }
        guard let elapsed else { throw BenchError(description: "the suite drew no first frame within 10 s") }
        return elapsed
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    private static func stopDaemon(home: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ResourceLocator.executableURL().path)
        process.arguments = ["daemon", "stop"]
        process.environment = ProcessInfo.processInfo.environment.merging(["BATON_HOME": home.path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }
}
