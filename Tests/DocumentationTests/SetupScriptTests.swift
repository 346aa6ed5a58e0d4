import Foundation
import Testing

/// The README's first command (`scripts/setup.sh && swift run baton`) installs what building and running needs,
/// not the test stack (issue 40, item 2): its package list, printed by `--print` without root or apt, holds no
/// server, no shell and nothing from PyPI, while `--test` still brings everything the test suite starts.
@Suite struct SetupScriptTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What `scripts/setup.sh ARGUMENTS --print` would install, one package a line (`pip:NAME` for PyPI).
    static func planned(_ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [checkout.appendingPathComponent("scripts/setup.sh").path] + arguments + ["--print"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "scripts/setup.sh \(arguments) --print failed")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Servers, shells and test-only tools that a user who only wants to run Baton must not get.
    static let testOnly = [
        "postgresql", "openssh-server", "dbus-daemon", "systemd", "zsh", "fish", "lintian", "tmux", "python3",
    ]

    @Test func theFirstCommandInstallsNoServerNoShellAndNothingFromPyPI() throws {
        let packages = try Self.planned([])
        #expect(packages.contains("libncurses-dev"), "\(packages)")
        #expect(packages.contains("libgumbo-dev"), "\(packages)")
        for name in Self.testOnly {
            #expect(!packages.contains(name), "scripts/setup.sh with no option installs \(name)")
        }
        #expect(!packages.contains { $0.hasPrefix("pip:") }, "\(packages)")
    }

    @Test func theTestOptionBringsTheTestStack() throws {
        let packages = try Self.planned(["--test"])
        for name in ["libncurses-dev", "tmux", "postgresql", "openssh-server", "dbus-daemon", "pip:aioapns==4.0"] {
            #expect(packages.contains(name), "scripts/setup.sh --test does not install \(name)")
        }
    }

    @Test func theTestCommandSetsUpTheTestsItself() throws {
        let test = try String(
            contentsOf: Self.checkout.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(test.contains("scripts/setup.sh --test"))
        let readme = try String(contentsOf: Self.checkout.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```sh\n").dropFirst().prefix(2)
            .map { $0.components(separatedBy: "\n```").first ?? "" }
        #expect(blocks == ["scripts/setup.sh && swift run baton", "scripts/test.sh"])
    }
}
