import Foundation
import TestSupport
import Testing

/// Machines of one test, each a BATON_HOME of its own with its own daemon, running the built `baton`.
final class LinkedMachines: @unchecked Sendable {
    let root: URL
    /// Set in every process's environment on every machine (the checker's daemon limits); set before any runs.
    var everywhere: [String: String] = [:]
    let binary: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("baton-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("baton-link").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        binary = directory.appendingPathComponent("baton").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw TestPostgresFailure("build baton and baton-link first (swift build)")
        }
    }

    func home(_ machine: String) -> URL { root.appendingPathComponent(machine, isDirectory: true) }

    /// Runs `baton arguments` on `machine` (with `extra` in its environment): its exit status and everything it
    /// printed.
    @discardableResult
    func baton(_ machine: String, _ arguments: [String], extra: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment(machine).merging(extra) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Polls `condition` until it holds or `limit` passes (a readiness wait, not a timing check).
    func eventually(_ what: String, limit: TimeInterval = 60, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("timed out waiting for \(what)")
        return false
    }

    /// Stops every machine's daemon (its link stops with it) and removes the homes.
    func tearDown() {
        for machine in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            _ = try? baton(machine, ["daemon", "stop"])
        }
        // BATON_KEEP_HOMES=1 keeps the homes (their logs) of a failing test to read.
        if ProcessInfo.processInfo.environment["BATON_KEEP_HOMES"] == nil { try? FileManager.default.removeItem(at: root) }
    }
}

extension LinkedMachines {
    /// The environment of a process on `machine`.
    func environment(_ machine: String) -> [String: String] {
        ProcessInfo.processInfo.environment.merging([
            "BATON_HOME": home(machine).path, "BATON_DEVICE": "cli-\(machine)",
        ]) { _, new in new }.merging(everywhere) { _, new in new }
    }
}

extension LinkedMachines {
    /// Makes `server` a shared one as the README tells an operator (`baton server init`, idempotent) and adds the
    /// account `role` with `password` (`baton server add-account --password-file`); returns its URL.
    @discardableResult
    func tenant(_ role: String, password: String, on server: TestPostgres) throws -> String {
        let initialized = try baton("operator", ["server", "init", server.adminURL()])
        guard initialized.status == 0 else { throw TestPostgresFailure("server init: \(initialized.output)") }
        let file = root.appendingPathComponent("\(role).password")
        try password.write(to: file, atomically: true, encoding: .utf8)
        let added = try baton(
            "operator", ["server", "add-account", server.adminURL(), role, "--password-file", file.path])
        guard added.status == 0 else { throw TestPostgresFailure("server add-account: \(added.output)") }
        return server.url(role: role, password: password)
    }
}
