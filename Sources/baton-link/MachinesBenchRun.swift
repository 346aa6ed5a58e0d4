import AccountLink
import BenchFigures
import Foundation

/// What `baton bench machines` does with its options: picks the server (the given one or a throwaway cluster),
/// runs the two-machine figures or the load run, prints the figures, and removes what it made.
enum MachinesBenchRun {
    static func run(_ options: MachinesBenchOptions) async throws {
        let server: BenchServer
        if let url = options.givenURL {
            server = BenchServer(givenURL: url)
        } else {
            server = try BenchServer(
                namespacedMachines: options.netns
                    ? (options.load ? LoadRun.machineNames(options) : ["laptop", "server"]) : [])
        }
        defer { server.tearDown() }
        var figures: [BenchFigure] = []
        if options.load {
            figures = try await LoadRun(options: options, server: server).run()
        } else {
            let rig = try BenchRig(server: server)
            defer { rig.tearDown() }
            for measurement in MachinesMeasurement.all {
                figures.append(try await measurement.figure(on: rig, samples: options.samples))
            }
        }
        if options.json { return try AccountContext.printJSON(figures) }
        print("machines: \(server.setting)")
        for figure in figures { print(figure.line) }
    }
}
