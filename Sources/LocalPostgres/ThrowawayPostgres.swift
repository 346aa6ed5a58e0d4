import Foundation

/// A real PostgreSQL server from Debian's `postgresql` package, in a temporary directory on a loopback port,
/// started and stopped by its owner — a test, or `baton bench machines` without `--url` — never a system service.
/// PostgreSQL refuses to run as root: as root the cluster belongs to `nobody` and the server runs as `nobody`
/// (through util-linux's `setpriv`).
public final class ThrowawayPostgres: @unchecked Sendable {
    public let directory: URL
    public let port: Int
    public let adminPassword = "admin-secret"
    private let binaries: URL
    private var server: Process?

    /// With `tls`, the server has a certificate for 127.0.0.1 (signed by a throwaway CA, `caCertificate`) and
    /// accepts roles other than the administrator over TLS only. `fsync` off (the tests) trades durability for
    /// speed; a benchmark keeps it on, as a real server has it. `listenAddresses` are the addresses it listens
    /// on besides 127.0.0.1 (clients from them are let in with `allowClients(from:)`); `settings` are further
    /// server settings (`max_connections`: …).
    public init(
        tls: Bool = false, fsync: Bool = false, listenAddresses: [String] = [], settings: [String: String] = [:]
    ) throws {
        guard
            let version = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
                .filter({ FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") })
                .sorted().last
        else {
            throw ThrowawayPostgresFailure(
                "PostgreSQL's server is not installed (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql "
                    + "(scripts/setup.sh --test)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/psql") else {
            throw ThrowawayPostgresFailure(
                "psql is missing: apt-get install postgresql-client (scripts/setup.sh --test)")
        }
        self.fsync = fsync
        self.listenAddresses = listenAddresses
        self.settings = settings
        binaries = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        let passwordFile = directory.appendingPathComponent("password").path
        try adminPassword.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw ThrowawayPostgresFailure(
                    "setpriv is missing: apt-get install util-linux (scripts/setup.sh --test)")
            }
            try Self.run("/bin/chown", ["-R", "nobody", directory.path])
        }
        try run(
            "initdb",
            [
                "-D", dataDirectory, "-U", "admin", "--pwfile=\(passwordFile)", "--auth=scram-sha-256", "-E", "UTF8",
                "--no-sync", "--locale=C",
            ])
        if tls { try makeCertificates() }
        self.tls = tls
        try start()
        try psql(database: "postgres", "CREATE DATABASE baton")
    }

    private var tls = false
    private let fsync: Bool
    private let listenAddresses: [String]
    private let settings: [String: String]

    /// The postmaster's process id while the server runs (its backends are its children).
    public var serverProcessID: Int32? { server.flatMap { $0.isRunning ? $0.processIdentifier : nil } }

    /// Lets roles other than the administrator in from `cidr` (password, no TLS), e.g. machines in network
    /// namespaces behind a veth link; takes effect at the next `start()`.
    public func allowClients(from cidr: String) throws {
        let hba = URL(fileURLWithPath: "\(dataDirectory)/pg_hba.conf")
        let handle = try FileHandle(forWritingTo: hba)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("host all all \(cidr) scram-sha-256\n".utf8))
    }

    /// The throwaway CA that signed the server's certificate (for `sslrootcert`).
    public var caCertificate: String { directory.appendingPathComponent("ca.crt").path }

    /// A CA and a server certificate for 127.0.0.1 (openssl), and a pg_hba.conf that takes other roles over TLS only.
    private func makeCertificates() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            throw ThrowawayPostgresFailure("openssl is missing: apt-get install openssl (scripts/setup.sh --test)")
        }
        let path = directory.path
        try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=baton test CA",
                "-keyout", "\(path)/ca.key", "-out", "\(path)/ca.crt",
            ])
        try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout",
                "\(dataDirectory)/server.key",
                "-out", "\(path)/server.csr",
            ])
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: "\(path)/san.ext", atomically: true, encoding: .utf8)
        try Self.run(
            "/usr/bin/openssl",
            [
                "x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.crt", "-CAkey", "\(path)/ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", "\(path)/san.ext", "-out", "\(dataDirectory)/server.crt",
            ])
        let hba = """
            local all all scram-sha-256
            host all admin 127.0.0.1/32 scram-sha-256
            hostssl all all 127.0.0.1/32 scram-sha-256
            hostnossl all all 127.0.0.1/32 reject
            """
        try hba.write(toFile: "\(dataDirectory)/pg_hba.conf", atomically: true, encoding: .utf8)
        chmod("\(dataDirectory)/server.key", 0o600)
        if getuid() == 0 { try Self.run("/bin/chown", ["-R", "nobody", dataDirectory]) }
    }

    deinit { stop() }

    public var dataDirectory: String { directory.appendingPathComponent("data").path }

    /// The URL of `role` (password `password`) on the `baton` database.
    public func url(role: String, password: String, query: String = "sslmode=disable") -> String {
        "postgres://\(role):\(password)@127.0.0.1:\(port)/baton?\(query)"
    }

    /// The administrator's URL on `database` (a superuser: `baton server init` and `add-account` take it).
    public func adminURL(database: String = "baton") -> String {
        "postgres://admin:\(adminPassword)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Makes a login role that may create the account schema in `baton` (a single-account server's role; a shared
    /// server's accounts come from `baton server add-account`).
    public func createRole(_ role: String, password: String) throws {
        try psql(
            database: "baton",
            "CREATE ROLE \(role) LOGIN PASSWORD '\(password)'; GRANT CREATE ON DATABASE baton TO \(role); "
                + "GRANT CREATE ON SCHEMA public TO \(role)")
    }

    /// Starts the server and waits (a readiness poll with a generous deadline) until it answers.
    public func start() throws {
        let process = Process()
        let postgres = binaries.appendingPathComponent("postgres").path
        let arguments =
            [
                "-D", dataDirectory, "-p", "\(port)", "-k", directory.path, "-c",
                "listen_addresses=\((["127.0.0.1"] + listenAddresses).joined(separator: ","))",
                "-c", "fsync=\(fsync ? "on" : "off")",
            ] + (tls ? ["-c", "ssl=on"] : [])
            + settings.sorted { $0.key < $1.key }.flatMap { ["-c", "\($0.key)=\($0.value)"] }
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", postgres] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: postgres)
            process.arguments = arguments
        }
        let log = directory.appendingPathComponent("server.log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        if getuid() == 0 { try Self.run("/bin/chown", ["nobody", log]) }
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        server = process
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            if (try? psql(database: "postgres", "SELECT 1")) != nil { return }
            guard process.isRunning else {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw ThrowawayPostgresFailure("postgres exited at once: \(text.suffix(400))")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw ThrowawayPostgresFailure("postgres did not answer on 127.0.0.1:\(port) within 60 s")
    }

    /// Stops the server (fast shutdown) and waits for it to exit.
    public func stop() {
        guard let server, server.isRunning else { return }
        kill(server.processIdentifier, SIGINT)
        server.waitUntilExit()
        self.server = nil
    }

    /// Writes a backup of `database` to `file` (`pg_dump`, custom format), as an operator's nightly backup does.
    public func dump(database: String = "baton", to file: URL) throws {
        try Self.run(
            binaries.appendingPathComponent("pg_dump").path, [adminURL(database: database), "-Fc", "-f", file.path])
    }

    /// Replaces `database` with the backup in `file`, as after a disk loss: the database is dropped (its clients
    /// cut off), created again and restored (`pg_restore`); the cluster's roles stay.
    public func restore(database: String = "baton", from file: URL) throws {
        try psql(database: "postgres", "DROP DATABASE \(database) WITH (FORCE)")
        try psql(database: "postgres", "CREATE DATABASE \(database)")
        try Self.run(
            binaries.appendingPathComponent("pg_restore").path, ["-d", adminURL(database: database), file.path])
    }

    /// Runs SQL as the administrator; returns psql's unaligned output.
    @discardableResult
    public func psql(database: String, _ sql: String) throws -> String {
        try psql(url: adminURL(database: database), sql)
    }

    /// Runs SQL as whoever `url` names.
    @discardableResult
    public func psql(url: String, _ sql: String) throws -> String {
        try Self.run("/usr/bin/psql", [url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        let path = binaries.appendingPathComponent(program).path
        if getuid() == 0 {
            try Self.run(
                "/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", path] + arguments)
        } else {
            try Self.run(path, arguments)
        }
    }

    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ThrowawayPostgresFailure("\(program) \(arguments.prefix(3).joined(separator: " ")) … failed: \(text)")
        }
        return text
    }

    /// Stops the server and removes its directory.
    public func remove() {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The throwaway PostgreSQL could not be set up: the line says what is missing or what happened.
public struct ThrowawayPostgresFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
