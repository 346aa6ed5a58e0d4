import ArgumentParser

/// `baton-link bench machines|floor` (`baton bench machines` hands over to it).
struct BenchCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Benchmarks across machines on a PostgreSQL server.",
        subcommands: [MachinesBenchCommand.self, NotifyFloorCommand.self])
}

/// `baton account bench`: the first name of `baton bench machines`, kept so earlier notes still run.
struct AccountBenchAlias: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "The same as baton bench machines.", shouldDisplay: false)

    @OptionGroup var options: MachinesBenchOptions

    func run() async throws { try await MachinesBenchRun.run(options) }
}
