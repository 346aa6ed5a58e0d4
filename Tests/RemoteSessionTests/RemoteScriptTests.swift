import Foundation
import Testing

@testable import RemoteSession

/// The shell text run on the remote host, run here by a real `sh`.
@Suite struct RemoteScriptTests {
    @Test func quotingSurvivesTheShell() throws {
        let word = "it's a \"test\" $HOME `id` \\ ;"
        let output = try Self.sh("printf '%s' " + RemoteScript.quote(word))
        #expect(output == word)
    }

    @Test func probeMakesAndPrintsTheRuntimeDirectory() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try Self.run(RemoteScript.probe, environment: ["BATON_HOME": home.path])
        #expect(RemoteScript.directory(fromProbeOutput: "welcome!\n" + output) == home.path + "/run")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path + "/run")
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func sessionPointsBatonAtTheSocketAndRemovesIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-sess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("ssh-1.sock").path
        FileManager.default.createFile(atPath: socket, contents: Data())
        let script = RemoteScript.session(
            socket: socket, baton: "/bin/sh", arguments: ["-c", "printf '%s|%s' \"$BATON_SOCKET\" \"$0\"", "x y"])
        let output = try Self.run(script, environment: [:])
        #expect(output == socket + "|x y")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func socketPathsAreFreshAndBounded() throws {
        var random = SystemRandomNumberGenerator()
        let one = try SSHSessionPlan.remoteSocket(in: "/run/user/1000/baton", random: &random)
        let two = try SSHSessionPlan.remoteSocket(in: "/run/user/1000/baton/", random: &random)
        #expect(one != two)
        #expect(one.hasPrefix("/run/user/1000/baton/ssh-") && one.hasSuffix(".sock"))
        #expect(two.hasPrefix("/run/user/1000/baton/ssh-") && !two.contains("//"))
        #expect(throws: SSHUsageError.self) {
            try SSHSessionPlan.remoteSocket(in: "/" + String(repeating: "d", count: 100), random: &random)
        }
    }

    /// Runs a remote command line (`sh -c '…'`) as the remote login shell would: through `sh -c`.
    static func run(_ commandLine: String, environment: [String: String]) throws -> String {
        try sh(commandLine, environment: environment)
    }

    static func sh(_ script: String, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
