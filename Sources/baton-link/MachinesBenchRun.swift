import AccountLink
import BenchFigures
import Foundation
import PostgresNIO

/// What `baton bench machines` does with its options: picks the server (the given one or a throwaway cluster),
/// runs the two-machine figures or the load run, prints the figures, and removes what it made.
enum MachinesBenchRun {
    static func run(_ options: MachinesBenchOptions) async throws {
        let server: BenchServer
        if let url = options.givenURL {
            server = BenchServer(givenURL: url)
        } else {
            // The load run's links may each open up to postgres-nio's 20 pooled connections: room for all of
            // them, so the figure is the connections they used, not the server's default cap of 100.
            let settings = options.load ? ["max_connections": String(options.links * 20 + 100)] : [:]
            let machines = options.load ? LoadRun.machineNames(options) : ["laptop", "server"]
            server = try BenchServer(namespacedMachines: options.netns ? machines : [], settings: settings)
        }
        defer { server.tearDown() }
        var figures: [BenchFigure] = []
        do {
            if options.load {
                figures = try await LoadRun(options: options, server: server).run()
            } else {
                let rig = try BenchRig(server: server)
                defer { rig.tearDown() }
                for measurement in MachinesMeasurement.all {
                    figures.append(try await measurement.figure(on: rig, samples: options.samples))
                }
            }
        } catch let error as PSQLError {
            // postgres-nio's own description hides the server's message.
            throw AccountLinkError.failed(
                "bench: the server failed: \(error.serverInfo?[.message] ?? String(reflecting: error))")
        }
        if options.json { return try AccountContext.printJSON(figures) }
        print("machines: \(server.setting)")
        for figure in figures { print(figure.line) }
    }
}
