import AccountLink
import BatonEnvironment
import Foundation

/// The machines of a bench: each a BATON_HOME under one temporary directory, driven by running the `baton` beside
/// this program, optionally inside the machine's network namespace (`ip netns exec`), so its daemon and link run
/// there too.
final class BenchHomes: @unchecked Sendable {
    let root: URL
    let baton: String
    /// Machine → network namespace it runs in (none: this process's own network).
    let namespaces: [String: String]

    init(namespaces: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(getpid())")
        baton = ResourceLocator.batonExecutable().path
        self.namespaces = namespaces
        guard FileManager.default.isExecutableFile(atPath: baton) else {
            throw AccountLinkError.failed("\(baton) is missing (build every product: swift build)")
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func home(_ machine: String) -> URL { root.appendingPathComponent(machine) }

    func paths(_ machine: String) -> BatonPaths { BatonPaths(environment: ["BATON_HOME": home(machine).path]) }

    /// Runs `baton arguments` as `machine`; its output, or a failure naming the command and what it printed.
    @discardableResult
    func run(_ machine: String, _ arguments: [String]) throws -> String {
        let process = Process()
        if let namespace = namespaces[machine] {
            process.executableURL = URL(fileURLWithPath: BenchNetwork.ip)
            process.arguments = ["netns", "exec", namespace, baton] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: baton)
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(["BATON_HOME": home(machine).path]) {
            _, new in new
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AccountLinkError.failed(
                "bench: baton \(arguments.prefix(2).joined(separator: " ")) failed: \(output)")
        }
        return output
    }

    /// Stops every machine's daemon (its link stops with it) after `leave`, and removes the homes.
    func tearDown(machines: [String]) {
        for machine in machines {
            _ = try? run(machine, ["account", "leave"])
            _ = try? run(machine, ["daemon", "stop"])
        }
        try? FileManager.default.removeItem(at: root)
    }
}
