import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import KeyValueStore
import Wire

/// `baton kv-probe set`: a device that writes one key through its key-value store, says so and then waits,
/// never syncing or reaching a daemon, for crash tests (hidden): a test kills it (-9) once it has printed
/// `{"event":"set"}` and checks that the write is still delivered.
struct KeyValueProbeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kv-probe", abstract: "Test device for the key-value store (prints JSON lines).",
        shouldDisplay: false, subcommands: [KeyValueProbeSet.self])
}

/// `set`: stores a value under a key as the device's app would, prints one line and waits to be killed.
struct KeyValueProbeSet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Write one key through the device's store, then wait (JSON lines).")

    @Option(help: "Device name.") var device: String
    @Option(help: "Key.") var key: String
    @Option(help: "Value as JSON text.") var value: String
    @Option(help: "Exit after this many seconds.") var seconds: Double = 60

    func run() async throws {
        let paths = BatonPaths()
        // No daemon is started: the write must be kept by the device alone.
        let client = AccountClient(configuration: .init(paths: paths, daemonExecutable: nil)) { _ in }
        client.register(RegisterDevice(name: device, pid: getpid(), apps: []))
        let store = UbiquitousKeyValueStore(deviceName: device, client: client, paths: paths)
        try store.set(try PropertyListValue(plainJSON: Data(value.utf8)), forKey: key)
        JSONOutput.line(["event": "set", "key": key])
        try await Task.sleep(for: .seconds(seconds))
        withExtendedLifetime(store) {}
    }
}
