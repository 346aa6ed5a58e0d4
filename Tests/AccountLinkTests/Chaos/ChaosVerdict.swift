import AccountLink
import Foundation

/// The checks at the end of a run: no machine's store differs from the server's final state, no acknowledged write
/// is lost or resurrected, every push reached each device it was meant for exactly once (and no other), and no
/// source heard "continued" for a continue its target did not complete.
struct ChaosVerdict: CustomStringConvertible {
    var operations = 0
    var faults = 0
    var divergences: [String] = []
    var losses: [String] = []
    var duplicates: [String] = []
    var strays: [String] = []
    var phantoms: [String] = []
    /// The keys, push titles and handoff sequences the failures are about (to cut a history down).
    var blamed: Set<String> = []

    var passed: Bool {
        divergences.isEmpty && losses.isEmpty && duplicates.isEmpty && strays.isEmpty && phantoms.isEmpty
    }

    var summary: String {
        "\(operations) operations, \(faults) faults, \(ChaosPlan.machines) machines, \(divergences.count) divergences, "
            + "\(losses.count) losses, \(duplicates.count) duplicates, \(strays.count) strays, "
            + "\(phantoms.count) phantom continues"
    }

    var description: String {
        ([summary] + (divergences + losses + duplicates + strays + phantoms).prefix(40).map { "  " + $0 })
            .joined(separator: "\n")
    }

    /// `machine`'s `chaos.` keys and their values.
    static func store(_ cluster: ChaosCluster, _ machine: Int) throws -> [String: String] {
        let listed = try cluster.baton(machine, ["kv", "list", "--json"]).output
        guard let object = try? JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: [String: Any]]
        else { return [:] }
        return object.reduce(into: [:]) { result, item in
            if item.key.hasPrefix("chaos."), let value = item.value["value"] as? String { result[item.key] = value }
        }
    }

    /// What `machine`'s probe device was delivered (the app's notifications, as JSON text).
    static func delivered(_ cluster: ChaosCluster, _ machine: Int) throws -> String {
        try cluster.baton(
            machine,
            ["notifications", "delivered", "--device", ChaosPlan.device(machine), "--app", ChaosRunner.app, "--json"]
        ).output
    }

    static func accountKey(_ cluster: ChaosCluster) throws -> AccountKey {
        try AccountKey(text: String(contentsOf: cluster.keyFile, encoding: .utf8))
    }

    /// Each machine's keys against the server's final rows.
    static func divergences(_ cluster: ChaosCluster) throws -> [String] {
        let final = try ChaosAudit.final(cluster.server, key: accountKey(cluster), owner: "alice")
        var found: [String] = []
        for machine in 0..<ChaosPlan.machines {
            let store = try store(cluster, machine)
            for key in Set(store.keys).union(final.keys.filter { $0.hasPrefix("chaos.") }).sorted() {
                let server = final[key]?.value
                if store[key] != server {
                    found.append(
                        "divergence: \(key) is \(store[key] ?? "∅") on m\(machine), the server's \(server ?? "∅")")
                }
            }
        }
        return found
    }

    init(_ record: ChaosRecord, _ cluster: ChaosCluster) throws {
        operations = record.operations
        faults = record.faults
        divergences = try Self.divergences(cluster)
        for line in divergences { blamed.insert(String(line.split(separator: " ")[1])) }
        try checkWrites(record, cluster)
        try checkPushes(record, cluster)
        checkContinues(record, cluster)
    }

    /// Every acknowledged write reached the server or was replaced by a later write of its machine before it was
    /// sent; no value comes back after a later row replaced it.
    private mutating func checkWrites(_ record: ChaosRecord, _ cluster: ChaosCluster) throws {
        let history = try ChaosAudit.history(cluster.server, key: Self.accountKey(cluster), owner: "alice")
        let byKey = Dictionary(grouping: history, by: \.key)
        for write in record.writes where write.acknowledged {
            let key = ChaosRunner.key(write.key)
            let rows = byKey[key] ?? []
            let replacedHere = record.writes.contains {
                $0.machine == write.machine && $0.key == write.key && $0.index > write.index
            }
            if replacedHere { continue }
            let machine = ChaosCluster.name(write.machine)
            let kept: Bool
            if let value = write.value {
                kept = rows.contains { $0.value == value }
            } else {
                // A removal: a tombstone of its machine after that machine's earlier values of the key.
                let earlier = record.writes.filter {
                    $0.machine == write.machine && $0.key == write.key && $0.index < write.index
                }.compactMap(\.value)
                let lastSet = rows.filter { row in earlier.contains { $0 == row.value } }.map(\.seq).max() ?? 0
                kept = rows.contains { $0.value == nil && $0.machine == machine && $0.seq > lastSet }
            }
            if !kept {
                losses.append(
                    "lost: step \(write.index) (\(record.steps[write.index])) acknowledged, never on the server")
                blamed.insert(key)
            }
        }
        for (key, rows) in byKey {
            var runs: [String?] = []
            for row in rows where runs.last != .some(row.value) { runs.append(row.value) }
            let values = runs.compactMap { $0 }
            for value in Set(values) where values.filter({ $0 == value }).count > 1 {
                losses.append(
                    "resurrected: \(key)=\(value) written again after a later row: "
                        + rows.map(\.description).joined(separator: ", "))
                blamed.insert(key)
            }
        }
    }

    /// Every push on each probe device: once where required, at most once where allowed, never elsewhere.
    private mutating func checkPushes(_ record: ChaosRecord, _ cluster: ChaosCluster) throws {
        let delivered = try (0..<ChaosPlan.machines).map { try Self.delivered(cluster, $0) }
        for push in record.pushes {
            for machine in 0..<ChaosPlan.machines {
                let count = delivered[machine].components(separatedBy: "\"\(push.title)\"").count - 1
                let what =
                    "\(push.title) (step \(push.index): \(record.steps[push.index])) on \(ChaosPlan.device(machine))"
                if push.required.contains(machine), count == 0 {
                    losses.append("push never delivered: \(what)")
                } else if push.allowed.contains(machine), count > 1 {
                    duplicates.append("push delivered \(count) times: \(what)")
                } else if !push.allowed.contains(machine), count > 0 {
                    strays.append("push delivered where it was not sent: \(what)")
                } else {
                    continue
                }
                blamed.insert(push.title)
            }
        }
    }

    /// No "continued" note for a continue whose target did not complete it.
    private mutating func checkContinues(_ record: ChaosRecord, _ cluster: ChaosCluster) {
        for (machine, note) in cluster.handoff.continuedNotes {
            let asked = record.continues.first { $0.sequence == note.sequence && $0.source == machine }
            if asked?.completed != true {
                phantoms.append(
                    "phantom: h\(machine) heard 'continued by \(note.by)' for #\(note.sequence); its target "
                        + (asked == nil ? "never asked" : "did not complete it"))
                blamed.insert("ho\(note.sequence)")
            }
        }
    }
}
