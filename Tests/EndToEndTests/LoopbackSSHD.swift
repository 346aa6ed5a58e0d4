import BatonEnvironment
import Foundation
import TestSupport

/// A real OpenSSH server (Debian's `openssh-server`) on a loopback port, with a throwaway host key, a throwaway
/// client key and a configuration of its own, started by the test (not as a system service) and killed when
/// done. `clientConfig` is an `ssh -F` file that logs in to it as this user and sets `BATON_HOME` to
/// `remoteHome` on the "remote" side.
final class LoopbackSSHD {
    static let sshd = "/usr/sbin/sshd"
    let directory: URL
    let port: Int
    let clientConfig: String
    /// sshd, started with posix_spawn (not Foundation's `Process`: a long-running one of those beside others
    /// once left every `waitUntilExit` in the test process waiting for ever, its children unreaped).
    private var process: ChildProcess?

    init(directory: URL, remoteHome: URL) async throws {
        for program in [Self.sshd, "/usr/bin/ssh", "/usr/bin/ssh-keygen"]
        where !FileManager.default.isExecutableFile(atPath: program) {
            throw SSHDFailure(
                "\(program) is missing: install openssh-server and openssh-client (scripts/setup.sh --test)")
        }
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.path
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(path)/host_key"])
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(path)/client_key"])
        try FileManager.default.copyItem(atPath: "\(path)/client_key.pub", toPath: "\(path)/authorized_keys")
        port = try LoopbackPort.free()
        // As root, sshd needs its privilege separation directory (a system service would have made it).
        if getuid() == 0 {
            try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        }
        let serverConfig = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(path)/host_key
            PidFile \(path)/sshd.pid
            AuthorizedKeysFile \(path)/authorized_keys
            PermitRootLogin prohibit-password
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            StrictModes no
            AcceptEnv BATON_HOME LANG
            AllowStreamLocalForwarding yes
            StreamLocalBindUnlink yes
            PrintMotd no
            """
        try serverConfig.write(toFile: "\(path)/sshd_config", atomically: true, encoding: .utf8)
        clientConfig = "\(path)/ssh_config"
        let client = """
            Host *
              Port \(port)
              User \(UserName.of(getuid()) ?? "root")
              IdentityFile \(path)/client_key
              IdentitiesOnly yes
              UserKnownHostsFile \(path)/known_hosts
              StrictHostKeyChecking no
              BatchMode yes
              LogLevel ERROR
              SetEnv BATON_HOME=\(remoteHome.path) LANG=C.UTF-8
            """
        try client.write(toFile: clientConfig, atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: "\(path)/sshd.log", contents: nil)
        do {
            process = try ChildProcess.spawn(
                executable: Self.sshd, arguments: ["-D", "-e", "-f", "\(path)/sshd_config"],
                errorLog: "\(path)/sshd.log")
        } catch {
            throw SSHDFailure("\(error)")
        }
        try await waitUntilListening()
    }

    deinit { stop() }

    func stop() {
        guard let process else { return }
        self.process = nil
        process.kill()
        _ = process.reap(grace: .seconds(5))
    }

    /// Whether sshd still runs (not exited, not a zombie).
    private var isRunning: Bool {
        guard let pid = process?.pid, kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? false)
    }

    /// Polls (with a generous deadline: a readiness wait, not a timing check) until the port accepts.
    private func waitUntilListening() async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if Self.accepts(port: port) { return }
            guard isRunning else { throw SSHDFailure("sshd exited at once (see \(directory.path))") }
            try await Task.sleep(for: .seconds(0.05))
        }
        throw SSHDFailure("sshd did not listen on 127.0.0.1:\(port) within 30 s")
    }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// The test's sshd could not be started: the line says what is missing or what happened.
struct SSHDFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
