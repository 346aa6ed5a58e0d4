import Foundation
import TestSupport

/// A real PostgreSQL, one account and `ChaosPlan.machines` homes (m0, m1, …), each with its daemon, its link and
/// a probe device (`dev0`, …), driven only through `baton`'s public commands, signals and the server's start and
/// stop. It remembers the faults it left open so `heal()` ends them all.
final class ChaosCluster: @unchecked Sendable {
    let server: TestPostgres
    let machines: LinkedMachines
    let url: String
    let keyFile: URL
    /// Each machine's path to the server (m0's first): a proxy the `silence` fault makes quiet.
    private let paths: [SilentProxy]
    private var probes: [Int: Process] = [:]
    private(set) var serverDown = false
    private(set) var stopped: [Int: Int32] = [:]
    private(set) var away: Set<Int> = []
    /// Machines whose probe device quit (`deviceQuit`): it stays away across daemon restarts until it is back.
    private(set) var resting: Set<Int> = []
    let handoff: ChaosHandoff

    static func name(_ machine: Int) -> String { "m\(machine)" }

    init() throws {
        (server, machines, url) = try LinkedMachines.aliceOnAFreshServer()
        // Every delivery stays listed for the verdict: the daemon keeps an app's newest 100 on a device, as Apple
        // does, and a long run pushes more (a 10-minute run counted the oldest as never delivered).
        machines.everywhere["BATON_NOTIFICATION_LIMITS"] = "delivered-per-owner=1000000"
        keyFile = machines.root.appendingPathComponent("account.key")
        handoff = ChaosHandoff(machines: machines)
        let port = server.port
        paths = try (0..<ChaosPlan.machines).map { _ in try SilentProxy(to: port) }
        let created = try machines.baton(
            Self.name(0), ["account", "create", paths[0].route(url), "--machine", Self.name(0)])
        guard created.status == 0 else { throw TestPostgresFailure("account create: \(created.output)") }
        try FileManager.default.copyItem(
            at: machines.home(Self.name(0)).appendingPathComponent("state/account.key"), to: keyFile)
        for machine in 1..<ChaosPlan.machines { try join(machine) }
        try ChaosAudit.install(server)
        for machine in 0..<ChaosPlan.machines {
            _ = try machines.baton(Self.name(machine), ["daemon", "start"])
            try ensureProbe(machine)
        }
    }

    private func join(_ machine: Int) throws {
        let name = Self.name(machine)
        let joined = try machines.baton(
            name, ["account", "join", paths[machine].route(url), "--key-file", keyFile.path, "--machine", name])
        guard joined.status == 0 else { throw TestPostgresFailure("account join \(name): \(joined.output)") }
    }

    /// Runs `baton arguments` on `machine` as device `device` of it.
    func baton(_ machine: Int, device: Int = 0, _ arguments: [String], extra: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        try machines.baton(
            Self.name(machine), arguments,
            extra: extra.merging(["BATON_DEVICE": "cli\(device)-m\(machine)"]) { a, _ in a })
    }

    /// Starts the machine's probe device again when it is gone (its daemon was killed or restarted).
    func ensureProbe(_ machine: Int) throws {
        if resting.contains(machine) { return }
        if let probe = probes[machine], probe.isRunning { return }
        probes[machine] = try machines.device(ChaosPlan.device(machine), on: Self.name(machine), seconds: 86_400)
    }

    func daemonPID(_ machine: Int) throws -> Int32? {
        let output = try baton(machine, ["daemon", "status"]).output
        guard let range = output.range(of: #"pid (\d+)"#, options: .regularExpression) else { return nil }
        return Int32(output[range].dropFirst(4))
    }

    /// Plays one fault.
    func fault(_ step: ChaosStep) async throws {
        switch step {
        case .serverStop:
            server.stop()
            serverDown = true
        case .serverStart:
            if serverDown { try server.start() }
            serverDown = false
        case .linkStop(let machine):
            if stopped[machine] == nil, let pid = try machines.linkPID(Self.name(machine)), kill(pid, SIGSTOP) == 0 {
                stopped[machine] = pid
            }
        case .linkContinue(let machine):
            if let pid = stopped.removeValue(forKey: machine) { kill(pid, SIGCONT) }
        case .killLink(let machine):
            if let pid = try machines.linkPID(Self.name(machine)) {
                kill(pid, SIGKILL)
                if stopped[machine] == pid { stopped[machine] = nil }
            }
        case .killDaemon(let machine):
            if let pid = try daemonPID(machine) {
                kill(pid, SIGKILL)
                try await waitUntil("m\(machine)'s daemon gone") { kill(pid, 0) != 0 }
            }
            try restartDaemon(machine, extra: [:])
        case .leave(let machine):
            guard !away.contains(machine) else { return }
            stopped[machine].map { _ = kill($0, SIGCONT) }
            stopped[machine] = nil
            _ = try baton(machine, ["account", "leave"])
            away.insert(machine)
        case .rejoin(let machine):
            guard away.contains(machine), !serverDown else { return }
            try join(machine)
            away.remove(machine)
        case .deviceQuit(let machine):
            resting.insert(machine)
            if let probe = probes.removeValue(forKey: machine), probe.isRunning {
                probe.terminate()
                probe.waitUntilExit()
            }
        case .deviceBack(let machine):
            resting.remove(machine)
            try ensureProbe(machine)
        case .silence(let machine):
            // The machine's connections to the server go quiet, unclosed (a dropped network): its link must give
            // them up on its deadlines and connect again.
            paths[machine].silence()
        case .skew(let machine, let minutes):
            let now = Date().addingTimeInterval(TimeInterval(minutes * 60)).formatted(.iso8601)
            stopped[machine].map { _ = kill($0, SIGCONT) }
            stopped[machine] = nil
            _ = try baton(machine, ["daemon", "stop"])
            try restartDaemon(machine, extra: ["BATON_NOW": now])
        default:
            break
        }
    }

    private func restartDaemon(_ machine: Int, extra: [String: String]) throws {
        // A stopped link outlives its daemon holding the link's lock: continued, it sees its daemon gone and ends.
        if let pid = stopped.removeValue(forKey: machine) { kill(pid, SIGCONT) }
        _ = try baton(machine, ["daemon", "start"], extra: extra)
        try ensureProbe(machine)
        handoff.forget(machine)
    }

    /// Ends every open fault: the server up, stopped links continued, machines that left joined again, every daemon
    /// and probe running.
    func heal() async throws {
        try await fault(.serverStart)
        for machine in stopped.keys.sorted() { try await fault(.linkContinue(machine: machine)) }
        for machine in away.sorted() { try await fault(.rejoin(machine: machine)) }
        resting = []
        for machine in 0..<ChaosPlan.machines {
            if try daemonPID(machine) == nil { _ = try baton(machine, ["daemon", "start"]) }
            try ensureProbe(machine)
        }
    }

    /// How many pushes for other machines `machine` has not written to the server yet (`account status`).
    func queuedPushes(_ machine: Int) throws -> Int {
        let status = try baton(machine, ["account", "status", "--json"]).output
        let object = try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any]
        return (object?["queuedPushes"] as? Int) ?? 0
    }

    /// Polls `condition` (a readiness wait; the deadline is only reached by a real hang).
    func waitUntil(_ what: String, limit: Duration = .seconds(60), _ condition: () throws -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestPostgresFailure("timed out waiting for \(what)")
    }

    func close() {
        for machine in stopped.keys { stopped[machine].map { _ = kill($0, SIGCONT) } }
        handoff.close()
        probes.values.forEach { $0.terminate() }
        machines.tearDown()
        paths.forEach { $0.close() }
        server.remove()
    }
}
