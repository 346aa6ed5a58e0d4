import AccountClient
import BatonEnvironment
import Foundation

/// `baton bench machines …`: handed over to `baton-link bench machines` (beside `baton`), as `baton account` is,
/// so `baton` itself never links PostgreSQL's client. It is taken before `baton bench` parses its benchmark names
/// (their parser would refuse `machines` and its options).
enum MachinesBenchForward {
    static let words = ["bench", "machines"]

    /// Replaces this process with `baton-link bench machines arguments`; returns an exit code only when it cannot.
    static func handOver(_ arguments: [String]) -> Int32 {
        let program = LinkLauncher.executable.path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            CommandLineRunner.printError(
                "baton bench machines: \(program) is missing (build every product: swift build)")
            return BatonExitCode.failure
        }
        let code = ProcessReplacement.exec(program, words + arguments)
        CommandLineRunner.printError("baton bench machines: cannot run \(program): \(String(cString: strerror(code)))")
        return BatonExitCode.failure
    }
}
