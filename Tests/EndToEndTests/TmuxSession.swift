import BatonEnvironment
import Foundation
import Testing

/// A detached tmux server of its own (a private socket) running one command in a fixed-size pane.
///
/// Tests send keys and read the screen; `close()` — also run on deinit — kills the server, so a
/// failing test never leaves tmux behind.
final class TmuxSession {
    let socket: String
    private var closed = false

    /// Starts `command` (run by `sh -c`) in a `width`×`height` pane with `environment` added.
    init(command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) throws {
        socket = "baton-e2e-\(UUID().uuidString.prefix(8))"
        let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Shell.quote($0.value));" }
            .joined(separator: " ")
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
            "\(exports) \(command)",
        ])
        try tmux(["set-option", "-g", "remain-on-exit", "on"])
    }

    deinit { close() }

    /// Kills the tmux server (idempotent).
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
    }

    /// Sends tmux key names (`F10`, `C-o`, `Enter`) or literal text.
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "main"] + keys) }

    /// Sends text literally (no key-name lookup).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "main", "-l", text]) }

    /// The pane's text now.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "main"]) }

    /// The pane's text with colour escapes.
    func screenWithEscapes() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", "main"]) }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A tmux format value for the pane, e.g. `#{alternate_on}`.
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition` (a readiness wait with a generous limit, not a timing check).
    @discardableResult
    func waitFor(
        _ description: String, timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        var satisfied: String?
        var changing = 0
        while Date() < deadline {
            last = try screen()
            if condition(last) {
                // A frame can reach tmux in several writes: answer with a screen that stayed the same for
                // one poll, so what the test reads next is the whole frame, not its first rows (a screen
                // that keeps changing, e.g. a ticking clock, is taken after a few polls).
                if last == satisfied || changing >= 8 { return last }
                satisfied = last
                changing += 1
            } else {
                satisfied = nil
                changing = 0
            }
            try await Task.sleep(for: .seconds(0.05))
        }
        Issue.record("timed out waiting for \(description); screen was:\n\(last)", sourceLocation: sourceLocation)
        throw E2EError.timeout(description)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
        -> String
    {
        try await waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Shell.run("/usr/bin/env", ["tmux", "-u", "-L", socket] + arguments)
    }
}

/// Failures of the end-to-end harness itself.
enum E2EError: Error, CustomStringConvertible {
    case timeout(String)
    case commandFailed(String, Int32, String)
    case missingBinary(String)

    var description: String {
        switch self {
        case .timeout(let what): "timed out waiting for \(what)"
        case .commandFailed(let command, let status, let output): "\(command) exited \(status): \(output)"
        case .missingBinary(let path): "no baton binary at \(path); run `swift build` first"
        }
    }
}

/// Running helper processes and quoting for `sh`.
enum Shell {
    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs a program to completion with posix_spawn and waitpid, capturing its output in a file.
    /// (Not Foundation's Process: a command that leaves a daemon behind, like tmux, must not be waited on by pipe.)
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String
    {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-e2e-\(UUID().uuidString).out"
        ).path
        defer { unlink(outputPath) }
        let pid = try spawn(executable, arguments, environment: environment, output: outputPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exitCode == 0 else {
            throw E2EError.commandFailed(([executable] + arguments).joined(separator: " "), exitCode, text)
        }
        return text
    }

    /// Starts a program with standard input from /dev/null and standard output and error to `output`.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]?, output: String)
        throws -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let merged = ProcessInfo.processInfo.environment.merging(environment ?? [:]) { _, new in new }
        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment: merged)
        var pid: pid_t = 0
        // Default signal actions and an empty mask: the test runner's blocked signals must not reach tmux
        // (a server that cannot hear SIGCHLD never exits) or the suites in its panes.
        let spawned = CleanSignals.withSpawnAttributes { attributes in
            posix_spawnp(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        }
        guard spawned == 0 else { throw E2EError.commandFailed(executable, spawned, "cannot start") }
        return pid
    }
}
