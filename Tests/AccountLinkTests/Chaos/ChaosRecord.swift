import Foundation

/// What a run did and what was acknowledged, in the order it happened, for the checks (`ChaosVerdict`).
struct ChaosRecord {
    /// A key-value write the daemon answered, or one it did not (which may or may not have been stored).
    struct Write {
        var index: Int
        var machine: Int
        var key: Int
        var value: String?
        var acknowledged: Bool
    }

    /// A push the daemon accepted, and the machines (by their probe device) it must reach exactly once
    /// (`required`) or may reach at most once (`allowed`); every other device must never get it.
    struct Push {
        var index: Int
        var title: String
        var machine: Int
        var required: Set<Int>
        var allowed: Set<Int>
    }

    /// A continue: the target's device asked and got this answer (nil: none).
    struct Continue {
        var sequence: UInt64
        var source: Int
        var target: Int
        var completed: Bool
    }

    var steps: [ChaosStep] = []
    var writes: [Write] = []
    var pushes: [Push] = []
    var continues: [Continue] = []
    var faults = 0
    var operations = 0

    mutating func note(_ step: ChaosStep) {
        steps.append(step)
        if step.isFault { faults += 1 } else if step.isOperation { operations += 1 }
    }

    /// A machine left: what it sent and had not handed to the server is dropped (reported), and what was sent to
    /// it may have arrived before it left or not at all.
    mutating func left(_ machine: Int) {
        for index in pushes.indices {
            if pushes[index].machine == machine {
                pushes[index].required.formIntersection([machine])
            } else {
                pushes[index].required.remove(machine)
            }
        }
    }
}
