import Foundation
import TestSupport
import Wire

/// Plays steps on a fresh `ChaosCluster`, recording every acknowledged operation, then heals every fault, waits
/// for quiet and returns the verdict (`ChaosVerdict`).
final class ChaosRunner: @unchecked Sendable {
    static let app = "com.baton.cli"
    let cluster: ChaosCluster
    private(set) var record = ChaosRecord()

    init() throws { cluster = try ChaosCluster() }

    static func key(_ index: Int) -> String { "chaos.k\(index)" }

    /// Plays `step` and notes what it did.
    func play(_ step: ChaosStep) async throws {
        record.note(step)
        let index = record.steps.count - 1
        switch step {
        case .set(let machine, let device, let key, let value):
            let done = try cluster.baton(machine, device: device, ["kv", "set", Self.key(key), value])
            record.writes.append(
                .init(index: index, machine: machine, key: key, value: value, acknowledged: done.status == 0))
        case .remove(let machine, let device, let key):
            let done = try cluster.baton(machine, device: device, ["kv", "remove", Self.key(key)])
            record.writes.append(
                .init(index: index, machine: machine, key: key, value: nil, acknowledged: done.status == 0))
        case .pushAll(let machine, let title):
            let done = try cluster.baton(machine, ["push", try payload(title), "--app", Self.app])
            guard done.status == 0 else { return }
            // A machine away now may still get it once: the server orders a queued push when it gets it, which may
            // be after that machine joined again (then it is in the account by the server's order).
            let away = cluster.away.contains(machine)
            let reach: Set<Int> = away ? [machine] : Set(0..<ChaosPlan.machines).subtracting(cluster.away)
            record.pushes.append(
                .init(
                    index: index, title: title, machine: machine, required: reach,
                    allowed: away ? [machine] : Set(0..<ChaosPlan.machines)))
        case .pushDevice(let machine, let target, let title):
            let done = try cluster.baton(
                machine, ["push", try payload(title), "--app", Self.app, "--device", ChaosPlan.device(target)])
            guard done.status == 0 else { return }
            let reach: Set<Int> =
                target == machine || !(cluster.away.contains(machine) || cluster.away.contains(target)) ? [target] : []
            // A target away now may still get it once, as a push to every device: a push the link could not write
            // at once is queued and its device resolved when the server gets it, by then maybe joined again.
            let allowed: Set<Int> = cluster.away.contains(machine) ? reach : [target]
            record.pushes.append(
                .init(index: index, title: title, machine: machine, required: reach, allowed: allowed))
        case .handoff(let source, let target, let sequence):
            try await handoff(source: source, target: target, sequence: sequence)
        case .pause(let milliseconds):
            try await Task.sleep(for: .milliseconds(milliseconds))
        default:
            try await cluster.fault(step)
            if case .leave(let machine) = step { record.left(machine) }
        }
    }

    private func payload(_ title: String) throws -> String {
        let file = cluster.machines.root.appendingPathComponent("push-\(title).json")
        try #"{"aps": {"alert": {"title": "\#(title)", "body": "b"}}}"#.write(
            to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The source's device offers activity `sequence`; once the offer is on the target's device (if it crosses at
    /// all), the target continues it and notes whether it completed.
    private func handoff(source: Int, target: Int, sequence: UInt64) async throws {
        let from = try cluster.handoff.device(source)
        let to = try cluster.handoff.device(target)
        let title = "ho\(sequence)"
        try from.socket.send(
            .advertise(
                Advertisement(
                    device: ChaosHandoff.name(source), bundleIdentifier: HandoffDevice.app.bundleIdentifier,
                    teamIdentifier: HandoffDevice.app.teamIdentifier, activityType: "org.baton.test.read",
                    title: title, sequence: sequence)))
        guard let offer = try await poll(seconds: 8, { to.offer(title) }) else { return }
        try to.socket.send(
            .continueRequest(
                ContinueRequest(
                    requestID: sequence, device: offer.advertisement.device, sequence: offer.advertisement.sequence)))
        let reply = try await poll(seconds: 45, { to.isClosed ? ContinueReply?.none : to.reply(sequence) })
        record.continues.append(
            .init(
                sequence: sequence, source: source, target: target,
                completed: reply.map { $0.failure == nil && $0.userInfo != nil } ?? false))
    }

    /// `value()` once it is there, polled until `seconds` pass (a give-up for an operation a fault may stop, not a
    /// timing check).
    private func poll<T>(seconds: Int, _ value: () throws -> T?) async throws -> T? {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        while clock.now < deadline {
            if let found = try value() { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// Ends every fault, then waits until a marker written and pushed on each machine has reached every other one
    /// and every machine's store matches the server's (or a generous deadline passes: the verdict then says what
    /// diverged).
    func healAndSettle() async throws {
        try await cluster.heal()
        let markers = (0..<ChaosPlan.machines).map { "mk\($0)z" }
        for machine in 0..<ChaosPlan.machines {
            _ = try cluster.baton(machine, ["kv", "set", "chaos.done.m\(machine)", "yes"])
            _ = try cluster.baton(machine, ["push", try payload(markers[machine]), "--app", Self.app])
        }
        // Quiet first: no push waits to be written anywhere. A marker does not prove that the pushes made before it
        // are on the server: a push whose write went quiet with its path is written again only past its deadline
        // (`PushBridge.sendBudget`), after later pushes (seed 7, 2026-11-26: the verdict came before it).
        _ = try? await cluster.waitUntil("no push queued for other machines", limit: .seconds(180)) {
            try (0..<ChaosPlan.machines).allSatisfy { try cluster.queuedPushes($0) == 0 }
        }
        _ = try? await cluster.waitUntil("every marker on every machine", limit: .seconds(180)) {
            for machine in 0..<ChaosPlan.machines {
                let store = try ChaosVerdict.store(cluster, machine)
                guard (0..<ChaosPlan.machines).allSatisfy({ store["chaos.done.m\($0)"] == "yes" }) else { return false }
                let delivered = try ChaosVerdict.delivered(cluster, machine)
                guard markers.allSatisfy({ delivered.contains($0) }) else { return false }
            }
            return true
        }
        _ = try? await cluster.waitUntil("every store on the server's state", limit: .seconds(120)) {
            try ChaosVerdict.divergences(cluster).isEmpty
        }
    }
}
