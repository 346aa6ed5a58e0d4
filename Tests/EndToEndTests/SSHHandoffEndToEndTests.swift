import Foundation
import Testing

/// `baton ssh` against a real sshd on loopback: the "remote" baton (another BATON_HOME, reached through ssh)
/// is a device of the local account through the forwarded socket, sees the local device's offer and continues
/// it; the per-session socket is gone when the session ends.
@Suite(.serialized) struct SSHHandoffEndToEndTests {
    @Test func remoteSuiteContinuesTheLocalOfferOverSSH() async throws {
        let fixture = try await BatonFixture()
        let remoteHome = fixture.home.appendingPathComponent("remote", isDirectory: true)
        let sshd = try await LoopbackSSHD(
            directory: fixture.home.appendingPathComponent("sshd"), remoteHome: remoteHome)
        defer { sshd.stop() }

        let local = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        defer { local.close() }
        try await local.waitFor("Paths")
        try local.send("F1")
        try await local.waitFor("Weather")
        try local.send("C-l")
        try local.send("C-u")
        try local.type("about:help")
        try local.send("Enter")
        try await local.waitFor("MonkeyBrowser Help")

        let ssh =
            "ssh --baton=\(Shell.quote(fixture.binary)) -F \(Shell.quote(sshd.clientConfig)) 127.0.0.1 -- --device R"
        let remote = try TmuxSession(command: fixture.suiteCommand(ssh), environment: fixture.environment)
        defer { remote.close() }
        try await remote.waitFor("MonkeyBrowser: Weather — MonkeyBrowser Help · from A")

        // The session's socket is in the remote runtime directory while it lives.
        let runtime = remoteHome.appendingPathComponent("run").path
        #expect(try Self.forwardedSockets(in: runtime).count == 1)

        // A command through the same path lists both devices (the remote one has its own BATON_HOME).
        let devices = try Shell.run(
            fixture.binary,
            ["ssh", "--baton=\(fixture.binary)", "-F", sshd.clientConfig, "127.0.0.1", "--", "devices"],
            environment: fixture.environment)
        #expect(devices.contains("A  pid"))
        #expect(devices.contains("R  pid"))

        try remote.send("C-o")
        try await remote.waitFor("MonkeyBrowser Help")
        try await local.waitFor("Continued on R")

        try remote.send("F10")
        try await remote.waitFor("EXIT=0")
        let deadline = Date().addingTimeInterval(30)
        while try !Self.forwardedSockets(in: runtime).isEmpty, Date() < deadline {
            try await Task.sleep(for: .seconds(0.05))
        }
        #expect(try Self.forwardedSockets(in: runtime).isEmpty)
    }

    @Test func badUsageAndAnUnreachableHostSayWhy() async throws {
        let fixture = try await BatonFixture()
        #expect {
            try Shell.run(fixture.binary, ["ssh", "-p"], environment: fixture.environment)
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 64 && output.contains("baton ssh: ssh option -p needs a value")
        }
        #expect {
            try Shell.run(
                fixture.binary, ["ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "-p", "1", "127.0.0.1"],
                environment: fixture.environment)
        } throws: { error in
            guard case E2EError.commandFailed(_, let status, let output) = error else { return false }
            return status == 1 && output.contains("baton ssh: cannot prepare a socket directory on 127.0.0.1")
        }
    }

    static func forwardedSockets(in directory: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("ssh-") }
    }
}
