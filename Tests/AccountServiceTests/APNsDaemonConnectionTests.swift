import APNsProvider
import APNsServer
import Foundation
import Synchronization
import Testing

@testable import AccountService

/// Issue 36, finding 3: a provider with a valid token pushing fast over the real `baton-apns` process takes one
/// of the daemon's connection slots, not one per push, so a local client (`baton kv set`) is never refused.
/// Before, each push opened its own connection and 3 × 100 streams made `kv set` fail 17 times in 37.
@Suite(.serialized) struct APNsDaemonConnectionTests {
    @Test func aProviderPushingFastHoldsOneDaemonConnectionAndLocalClientsGetIn() async throws {
        // A cap of 8: the kitchen, the endpoint and the CLI fit; pushes that each want a slot do not.
        let daemon = try InProcessDaemon(limits: DaemonLimits(maxConnections: 8))
        defer { daemon.stop() }
        let kitchen = try daemon.device("kitchen", apps: [DeviceTokenTests.tea])
        let token = try DeviceTokenTests().register(kitchen, DeviceTokenTests.teaOnKitchen, id: 1).token
        let keys = ProviderKeys(paths: daemon.paths)
        let keyID = try keys.create(team: APNsHarness.team)
        let home = daemon.paths.runtimeDirectory.deletingLastPathComponent()
        let server = try await APNsServeProcess(home: home, arguments: ["--token-limit", "0"])
        defer { server.stop() }
        let bearer = try ProviderToken.make(
            keyID: keyID, team: APNsHarness.team, issuedAt: Date(), key: try keys.privateKey(keyID))
        let headers = [
            ("apns-topic", DeviceTokenTests.tea.bundleIdentifier), ("apns-push-type", "alert"),
            ("authorization", "bearer \(bearer)"),
        ]
        var clients: [APNsHTTP2Client] = []
        for _ in 0..<3 {
            clients.append(try await APNsHTTP2Client(host: "127.0.0.1", port: server.port, caFile: server.caFile))
        }
        // Sockets the process inherited from this one (the kitchen's) are not its connections.
        let inherited = server.unixSockets()
        let burst = Burst()
        let sampler = Task.detached {
            while !burst.done.load(ordering: .acquiring) {
                let count = server.unixSockets().subtracting(inherited).count
                burst.most.withLock { $0 = max($0, count) }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let body = Data(#"{"aps":{"alert":"tea's ready"}}"#.utf8)
        let providers = clients
        let pushes = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for client in providers {
                    for _ in 0..<100 {
                        group.addTask {
                            try await client.post(path: "/3/device/\(token)", headers: headers, body: body).0
                        }
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                burst.done.store(true, ordering: .releasing)
                return statuses
            }
        }
        // A local client, again and again while the pushes go (at least five times, at most forty).
        var failures: [String] = []
        var runs = 0
        while runs < 40, runs < 5 || !burst.done.load(ordering: .acquiring) {
            let (status, output) = try await Self.baton(["kv", "set", "k\(runs)", "v"], home: home)
            if status != 0 { failures.append(output) }
            runs += 1
        }
        let statuses = try await pushes.value
        await sampler.value
        #expect(statuses.count == 300 && statuses.allSatisfy { $0 == 200 }, "\(Set(statuses))")
        #expect(failures.isEmpty, "kv set failed \(failures.count) of \(runs) times: \(failures.prefix(2))")
        let connections = burst.most.withLock { $0 }
        #expect(connections == 1, "the endpoint held \(connections) daemon connections at once")
        for client in clients { await client.close() }
    }

    /// Runs `baton ARGUMENTS` in the account at `home`: its exit status and what it printed.
    static func baton(_ arguments: [String], home: URL) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = try APNsServeProcess.binary("baton")
        process.arguments = arguments
        process.environment = ["BATON_HOME": home.path, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = await Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}

/// What the burst's tasks share: whether the pushes are all answered, and the most daemon connections seen.
private final class Burst: Sendable {
    let done = Atomic<Bool>(false)
    let most = Mutex(0)
}
