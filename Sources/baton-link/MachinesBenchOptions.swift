import AccountLink
import ArgumentParser
import Foundation

/// The options of `baton bench machines` (and of its old name, `baton account bench`).
struct MachinesBenchOptions: ParsableArguments {
    @Option(
        help: """
            A PostgreSQL URL of a role with no account (default: $BATON_BENCH_POSTGRES, else a throwaway cluster \
            from Debian's postgresql package).
            """)
    var url: String?
    @Option(help: "Samples per measurement.") var samples = 200
    @Flag(help: "Put the two machines in network namespaces reaching the server over veth links (root, no --url).")
    var netns = false
    @Flag(help: "The load run: many machines and devices at once, throughput and p99 (throwaway cluster only).")
    var load = false
    @Option(help: "The load run's machine links.") var links = 50
    @Option(help: "The load run's simulated devices, spread evenly over the links.") var devices = 1000
    @Option(help: "The load run's machines per account (each account its own role).") var machinesPerAccount = 5
    @Option(help: "The load run's ticks per device per second (most of them key-value writes).") var rate = 0.1
    @Option(help: "How long the load run measures, in seconds.") var seconds = 20
    @Flag(help: "Print JSON.") var json = false

    /// The server URL to use, if the user gave one (option or environment).
    var givenURL: String? { url ?? ProcessInfo.processInfo.environment["BATON_BENCH_POSTGRES"] }

    func validate() throws {
        if let givenURL {
            do {
                _ = try ServerAddress(url: givenURL)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        guard samples >= 1 else { throw ValidationError("--samples must be at least 1") }
        if netns {
            guard givenURL == nil else {
                throw ValidationError("--netns starts its own server behind veth links; drop --url")
            }
            guard getuid() == 0 else { throw ValidationError("--netns needs root (network namespaces and veth links)") }
        }
        guard load else { return }
        guard givenURL == nil else {
            throw ValidationError("the load run starts its own server (it makes a role per account); drop --url")
        }
        guard links >= 2 else { throw ValidationError("--links must be at least 2") }
        guard machinesPerAccount >= 2, machinesPerAccount <= links else {
            throw ValidationError("--machines-per-account must be between 2 and --links")
        }
        guard devices >= 2 * links else { throw ValidationError("--devices must be at least twice --links") }
        guard rate > 0, rate <= 100 else { throw ValidationError("--rate must be above 0 and at most 100") }
        guard seconds >= 1, seconds <= 3600 else { throw ValidationError("--seconds must be between 1 and 3600") }
    }
}
