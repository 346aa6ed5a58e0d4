import Foundation
import TestSupport

/// One step of a chaos run: an operation a user could make, or a fault. A run is a list of steps drawn from a seed
/// (`ChaosPlan`), so the same seed, or a history cut down from it, plays the same steps again.
enum ChaosStep: Sendable, Equatable, CustomStringConvertible {
    // Operations.
    case set(machine: Int, device: Int, key: Int, value: String)
    case remove(machine: Int, device: Int, key: Int)
    case pushAll(machine: Int, title: String)
    case pushDevice(machine: Int, target: Int, title: String)
    case handoff(source: Int, target: Int, sequence: UInt64)
    case pause(milliseconds: Int)
    // Faults.
    case serverStop, serverStart
    case linkStop(machine: Int)
    case linkContinue(machine: Int)
    case killLink(machine: Int)
    case killDaemon(machine: Int)
    /// The machine's open connections to the server go quiet both ways, never closed (`SilentProxy`).
    case silence(machine: Int)
    case leave(machine: Int)
    case rejoin(machine: Int)
    /// The machine's probe device quits (its terminal closed) and stays away until `deviceBack` or the heal: pushes
    /// for it wait in its daemon, which still names it to the account (`MachineCard.away`).
    case deviceQuit(machine: Int)
    case deviceBack(machine: Int)
    case skew(machine: Int, minutes: Int)

    var isFault: Bool {
        switch self {
        case .set, .remove, .pushAll, .pushDevice, .handoff, .pause: false
        default: true
        }
    }

    var isOperation: Bool { !isFault && !isPause }

    var isPause: Bool { if case .pause = self { true } else { false } }

    var description: String {
        switch self {
        case .set(let machine, let device, let key, let value): "m\(machine)/d\(device) kv set k\(key) \(value)"
        case .remove(let machine, let device, let key): "m\(machine)/d\(device) kv remove k\(key)"
        case .pushAll(let machine, let title): "m\(machine) push \(title) to every device"
        case .pushDevice(let machine, let target, let title):
            "m\(machine) push \(title) --device \(ChaosPlan.device(target))"
        case .handoff(let source, let target, let sequence): "handoff #\(sequence) m\(source) → m\(target)"
        case .pause(let milliseconds): "pause \(milliseconds) ms"
        case .serverStop: "FAULT server stop"
        case .serverStart: "FAULT server start"
        case .linkStop(let machine): "FAULT m\(machine) link SIGSTOP"
        case .linkContinue(let machine): "FAULT m\(machine) link SIGCONT"
        case .killLink(let machine): "FAULT m\(machine) link kill -9"
        case .killDaemon(let machine): "FAULT m\(machine) daemon kill -9"
        case .silence(let machine): "FAULT m\(machine) path to the server silenced"
        case .leave(let machine): "FAULT m\(machine) account leave"
        case .rejoin(let machine): "FAULT m\(machine) account join"
        case .deviceQuit(let machine): "FAULT m\(machine) device \(ChaosPlan.device(machine)) quits"
        case .deviceBack(let machine): "FAULT m\(machine) device \(ChaosPlan.device(machine)) back"
        case .skew(let machine, let minutes): "FAULT m\(machine) clock \(minutes > 0 ? "+" : "")\(minutes) min"
        }
    }

    /// The key a key-value step writes.
    var key: Int? {
        switch self {
        case .set(_, _, let key, _), .remove(_, _, let key): key
        default: nil
        }
    }

    /// The title a push step sends.
    var title: String? {
        switch self {
        case .pushAll(_, let title), .pushDevice(_, _, let title): title
        default: nil
        }
    }
}

/// The chaos checker's generator: a run is replayed from its seed (`SeededRandom`).
typealias ChaosRandom = SeededRandom

/// Draws the steps of a run from its seed, keeping the faults coherent (a stopped server is started before it is
/// stopped again, a machine that left joins again, a stopped link is continued).
struct ChaosPlan {
    static let machines = 3
    static let keys = 12

    /// The device of the probe on machine `index` (one per machine, names unique in the account).
    static func device(_ index: Int) -> String { "dev\(index)" }

    private var random: ChaosRandom
    private(set) var serverDown = false
    private(set) var stopped: Set<Int> = []
    private(set) var away: Set<Int> = []
    private(set) var resting: Set<Int> = []
    private var counter = 0

    init(seed: UInt64) { random = ChaosRandom(seed: seed) }

    /// The share of steps that are faults unless a run asks for another (`scripts/chaos.sh --fault-share`).
    static let defaultFaultShare = 0.25

    /// The next step; faults make up about `faultShare` of the steps.
    mutating func next(faultShare: Double = defaultFaultShare) -> ChaosStep {
        counter += 1
        if Double.random(in: 0..<1, using: &random) < faultShare { return fault() }
        let machine = Int.random(in: 0..<Self.machines, using: &random)
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<45:
            return .set(
                machine: machine, device: Int.random(in: 0..<2, using: &random),
                key: Int.random(in: 0..<Self.keys, using: &random), value: "v\(counter)")
        case 45..<60:
            return .remove(
                machine: machine, device: Int.random(in: 0..<2, using: &random),
                key: Int.random(in: 0..<Self.keys, using: &random))
        case 60..<72: return .pushAll(machine: machine, title: "cp\(counter)z")
        case 72..<82:
            return .pushDevice(
                machine: machine, target: Int.random(in: 0..<Self.machines, using: &random), title: "cp\(counter)z")
        case 82..<90:
            let target = (machine + Int.random(in: 1..<Self.machines, using: &random)) % Self.machines
            return .handoff(source: machine, target: target, sequence: UInt64(counter))
        default: return .pause(milliseconds: Int.random(in: 50..<800, using: &random))
        }
    }

    /// Starts the fault `start` on `machine`, or ends it (`end`) when it is open, keeping `open` up to date.
    private static func toggle(_ open: inout Set<Int>, _ machine: Int, start: ChaosStep, end: ChaosStep) -> ChaosStep {
        if open.remove(machine) != nil { return end }
        open.insert(machine)
        return start
    }

    private mutating func fault() -> ChaosStep {
        let machine = Int.random(in: 0..<Self.machines, using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            serverDown.toggle()
            return serverDown ? .serverStop : .serverStart
        case 1:
            return Self.toggle(
                &stopped, machine, start: .linkStop(machine: machine), end: .linkContinue(machine: machine))
        case 2: return .killLink(machine: machine)
        case 3: return .killDaemon(machine: machine)
        case 4:
            return Self.toggle(&away, machine, start: .leave(machine: machine), end: .rejoin(machine: machine))
        case 5: return .skew(machine: machine, minutes: Int.random(in: -9...9, using: &random))
        case 6: return .silence(machine: machine)
        case 7:
            return Self.toggle(
                &resting, machine, start: .deviceQuit(machine: machine), end: .deviceBack(machine: machine))
        default:
            // Heal something now and then, so faults overlap without everything staying broken.
            if serverDown {
                serverDown = false
                return .serverStart
            }
            if let machine = away.first {
                away.remove(machine)
                return .rejoin(machine: machine)
            }
            if let machine = stopped.first {
                stopped.remove(machine)
                return .linkContinue(machine: machine)
            }
            return .killLink(machine: machine)
        }
    }
}
