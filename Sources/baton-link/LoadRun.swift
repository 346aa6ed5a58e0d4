import AccountLink
import BenchFigures
import Foundation
import LocalPostgres
import Synchronization

/// The load run: `links` machines (each a home with its daemon and its link, one pool to the server) in accounts
/// of `machinesPerAccount` machines, one database role each, on one throwaway server; `devices` simulated devices
/// spread over the machines, acting at `rate` ticks per second as `LoadAction` mixes, for `seconds`. Reported:
/// key-value change → heard on each other machine of the account (p50/p99), the rates sent, delivered and
/// committed on the server, the server's connections and CPU, and the raw NOTIFY floor measured during the load.
struct LoadRun {
    let options: MachinesBenchOptions
    let server: BenchServer

    /// The machines' names, in order ("m0", "m1", …).
    static func machineNames(_ options: MachinesBenchOptions) -> [String] { (0..<options.links).map { "m\($0)" } }

    var accounts: Int { options.links / options.machinesPerAccount }

    /// Machine → its account (so every account has at least `machinesPerAccount` machines).
    func account(of machine: Int) -> Int { machine % accounts }

    func machines(of account: Int) -> [Int] { (0..<options.links).filter { self.account(of: $0) == account } }

    func run() async throws -> [BenchFigure] {
        guard let cluster = server.cluster else {
            throw AccountLinkError.usage("the load run starts its own server; drop --url")
        }
        let names = Self.machineNames(options)
        let homes = try BenchHomes(namespaces: server.namespaces)
        defer {
            if ProcessInfo.processInfo.environment["BATON_BENCH_KEEP"] == nil { homes.tearDown(machines: names) }
        }
        try joinMachines(homes: homes)
        let ledger = DeliveryLedger()
        let devices = try await openDevices(homes: homes, ledger: ledger)
        defer { for device in devices { device.close() } }
        try await warmUp(devices, ledger: ledger)

        let floorConnections = try await NotifyFloor.Connections(url: server.url)
        defer { floorConnections.close() }
        let gauges = ServerGauges(cluster: cluster, homes: homes.root.path)
        let before = try gauges.read()
        let peak = SentCounter()
        let sentCounter = SentCounter()
        let window = Duration.seconds(options.seconds)
        let floor: [Double] = try await withThrowingTaskGroup(of: [Double].self) { group in
            for device in devices where device.index != 0 {
                group.addTask {
                    try await drive(device, until: ContinuousClock.now + window, counter: sentCounter)
                    return []
                }
            }
            group.addTask {
                // The server's client connections, once a second.
                let end = ContinuousClock.now + window
                while ContinuousClock.now < end {
                    peak.raise(to: try gauges.read().connections)
                    try await Task.sleep(for: .seconds(1))
                }
                return []
            }
            group.addTask {
                // The floor, in the middle of the window, on the loaded server.
                try await Task.sleep(for: window / 2)
                return try await floorConnections.measure(samples: options.samples)
            }
            var floor: [Double] = []
            for try await values in group { floor += values }
            return floor
        }
        let after = try gauges.read()
        peak.raise(to: max(before.connections, after.connections))
        // Let the last writes land (they count only if they arrive): until none is left, or none has landed for
        // 20 s (what is left then is lost, not late), or two minutes.
        let deadline = ContinuousClock.now + .seconds(120)
        var left = ledger.outstanding.measured
        var progressed = ContinuousClock.now
        while left > 0, ContinuousClock.now < deadline, ContinuousClock.now - progressed < .seconds(20) {
            try await Task.sleep(for: .milliseconds(100))
            let now = ledger.outstanding.measured
            if now < left { progressed = ContinuousClock.now }
            left = now
        }
        let seconds = Double(options.seconds)
        let elapsed = (after.at - before.at).milliseconds / 1000
        let latencies = ledger.measuredLatencies
        func cores(_ ticks: Int) -> Double { Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))) / elapsed }
        func figure(_ metric: String, _ unit: String, _ value: Double) -> BenchFigure {
            BenchFigure(benchmark: "machines", metric: metric, unit: unit, samples: [value])
        }
        return [
            BenchFigure(
                benchmark: "machines", metric: "loadKeyValueChangeAcrossMachines", unit: "ms", samples: latencies,
                budget: "p99 ≤ 30 ms (unloaded)"),
            BenchFigure(
                benchmark: "machines", metric: "loadRawNotifyRoundTrip", unit: "ms", samples: floor,
                budget: "the floor"),
            figure("loadWritesSent", "/s", Double(sentCounter.value) / seconds),
            figure("loadDeliveries", "/s", Double(latencies.count) / seconds),
            figure("loadUndelivered", "writes", Double(ledger.outstanding.measured)),
            figure("loadServerChanges", "/s", Double(after.changes - before.changes) / elapsed),
            figure("loadServerCommits", "/s", Double(after.commits - before.commits) / elapsed),
            figure("loadServerConnections", "connections", Double(peak.value)),
            figure("loadServerCPU", "cores", cores(after.serverCPUTicks - before.serverCPUTicks)),
            figure("loadDaemonsCPU", "cores", cores(after.daemonTicks - before.daemonTicks)),
            figure("loadLinksCPU", "cores", cores(after.linkTicks - before.linkTicks)),
            figure("loadBenchCPU", "cores", cores(after.benchTicks - before.benchTicks)),
            figure(
                "loadMachineBusy", "%",
                100 * Double(after.machineBusyTicks - before.machineBusyTicks)
                    / Double(max(1, after.machineTotalTicks - before.machineTotalTicks))),
            figure("loadMachines", "links", Double(options.links)),
            figure("loadDevices", "devices", Double(devices.count)),
            figure("loadAccounts", "accounts", Double(accounts)),
        ]
    }

    /// Every account's role (as an operator makes them); every machine's daemon; the account's first machine creates it, the others join with
    /// its key (each starting its machine's link). Four machines at a time.
    private func joinMachines(homes: BenchHomes) throws {
        // The bench's own role too (its raw NOTIFY floor), then the accounts'.
        try server.shareAccounts([BenchServer.role], directory: homes.root) { _ = try homes.run("m0", $0) }
        try server.shareAccounts(
            (0..<accounts).map { "load\($0)" }, password: "load-pass", directory: homes.root
        ) { _ = try homes.run("m0", $0) }
        // The daemons first, as a user's are: `create` and `join` then start each link beside its daemon.
        try parallel(Array(0..<options.links)) { try homes.run("m\($0)", ["daemon", "start"]) }
        let firsts = (0..<accounts).map { machines(of: $0)[0] }
        try parallel(firsts) { machine in
            try homes.run(
                "m\(machine)",
                ["account", "create", url(machine), "--machine", "m\(machine)"])
        }
        let rest = (0..<options.links).filter { !firsts.contains($0) }
        try parallel(rest) { machine in
            let key = homes.home("m\(machines(of: account(of: machine))[0])")
                .appendingPathComponent("state/account.key").path
            try homes.run(
                "m\(machine)", ["account", "join", url(machine), "--key-file", key, "--machine", "m\(machine)"])
        }
    }

    private func url(_ machine: Int) -> String {
        server.url(for: "m\(machine)", role: "load\(account(of: machine))", password: "load-pass")
    }

    /// Runs `body` for each of `items`, four at a time, on threads of their own (it runs processes and waits).
    private func parallel(_ items: [Int], _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let failures = FailureBox()
        let gate = DispatchSemaphore(value: 4)
        let group = DispatchGroup()
        for item in items {
            gate.wait()
            DispatchQueue.global().async(group: group) {
                defer { gate.signal() }
                do { try body(item) } catch { failures.record(error) }
            }
        }
        group.wait()
        if let error = failures.first { throw error }
    }

    /// Opens every machine's devices (device 0 observes), spread evenly.
    private func openDevices(homes: BenchHomes, ledger: DeliveryLedger) async throws -> [LoadDevice] {
        var devices: [LoadDevice] = []
        for index in 0..<options.devices {
            let machine = index % options.links
            let device = LoadDevice(
                machine: machine, index: index / options.links, socket: homes.paths("m\(machine)").socket,
                ledger: ledger)
            try await device.open(observer: device.index == 0)
            devices.append(device)
        }
        return devices
    }

    /// One write from every machine, waited for on every other machine of its account: the links are up. A write
    /// not heard everywhere after 10 s is written again (a new value), so one lost change does not stall it.
    private func warmUp(_ devices: [LoadDevice], ledger: DeliveryLedger) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        let writers = devices.filter { $0.index == 1 }
        var resend = ContinuousClock.now
        while true {
            if ContinuousClock.now >= resend {
                ledger.forgetAll()
                for device in writers {
                    _ = try await device.perform(.keyValueWrite, others: others(device.machine), measured: false)
                }
                resend = ContinuousClock.now + .seconds(10)
            }
            try await Task.sleep(for: .milliseconds(100))
            if ledger.outstanding.all == 0 { return }
            guard ContinuousClock.now < deadline else {
                let missing = ledger.awaited.prefix(5).map { "m\($0.machine) did not hear m\($0.from)" }
                throw AccountLinkError.failed(
                    "bench: the links did not all come up within 120 s (\(missing.joined(separator: ", ")))")
            }
        }
    }

    private func others(_ machine: Int) -> [Int] { machines(of: account(of: machine)).filter { $0 != machine } }

    /// One device's ticks until `end`, at `rate` per second from a random phase.
    private func drive(_ device: LoadDevice, until end: ContinuousClock.Instant, counter: SentCounter) async throws {
        let interval = Duration.seconds(1 / options.rate)
        var next = ContinuousClock.now + interval * Double.random(in: 0..<1)
        let others = others(device.machine)
        while next < end {
            try await Task.sleep(until: next)
            if try await device.perform(LoadAction.pick(Double.random(in: 0..<1)), others: others, measured: true) {
                counter.increment()
            }
            next += interval
        }
    }
}

/// A count (or a peak) kept across tasks.
final class SentCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    func raise(to value: Int) { count.withLock { $0 = max($0, value) } }
    var value: Int { count.withLock { $0 } }
}

/// The first error of parallel work.
final class FailureBox: Sendable {
    private let errors = Mutex<[any Error]>([])
    func record(_ error: any Error) { errors.withLock { $0.append(error) } }
    var first: (any Error)? { errors.withLock { $0.first } }
}
