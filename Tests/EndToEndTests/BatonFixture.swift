import Foundation

/// The built `baton` binary and a private `BATON_HOME` for one test; removes the home when done. Holds one of
/// the `EndToEndSlots` while it lives.
final class BatonFixture {
    let home: URL
    let binary: String
    /// The test whose slot this fixture holds.
    private let test = EndToEndSlots.currentTest

    init() async throws {
        await EndToEndSlots.shared.acquire(for: test)
        do {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            binary = try BatonFixture.locateBinary()
        } catch {
            EndToEndSlots.shared.release(for: test)
            throw error
        }
    }

    deinit {
        defer { EndToEndSlots.shared.release(for: test) }
        // Stop a daemon this test may have started, end whatever else still runs from its home (a suite
        // that outlived its tmux session started its daemon again and kept the home), then remove the home.
        _ = try? Shell.run(binary, ["daemon", "stop"], environment: ["BATON_HOME": home.path])
        HomeProcesses.endAll(under: home.path)
        try? FileManager.default.removeItem(at: home)
    }

    /// The environment every process of this test gets.
    var environment: [String: String] { ["BATON_HOME": home.path, "LANG": "C.UTF-8"] }

    /// A shell command that runs baton with `arguments`, then reports its exit code and terminal modes.
    func suiteCommand(_ arguments: String, term: String = "xterm-256color", extraEnvironment: String = "") -> String {
        "TERM=\(term) \(extraEnvironment) \(Shell.quote(binary)) \(arguments); echo \"EXIT=$?\"; "
            + "echo \"MODES=$(stty -a | grep -oE -- '(^| )-?(icanon|echo)( |$)' | tr -d ' \\n')\"; sleep 600"
    }

    /// `.build/<config>/baton` beside the test bundle, or `BATON_BINARY`.
    static func locateBinary() throws -> String {
        if let explicit = ProcessInfo.processInfo.environment["BATON_BINARY"] { return explicit }
        let runner =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("baton").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw E2EError.missingBinary(directory.appendingPathComponent("baton").path)
    }
}
