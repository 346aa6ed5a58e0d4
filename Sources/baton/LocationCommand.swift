import ArgumentParser
import BatonEnvironment
import Foundation
import KeyValueStore

/// `baton location set LAT LON | get [--json] | clear`: where this device is, for Stores.
struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location", abstract: "Set, show or clear this device's location (used by Stores).",
        subcommands: [LocationSetCommand.self, LocationGetCommand.self, LocationClearCommand.self])

}

/// `baton location set LAT LON`: stores the location and tells a running daemon, which evaluates location
/// triggers of this device's notifications.
struct LocationSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set the location: latitude -90...90, longitude -180...180 (degrees).",
        discussion: "Exit codes: 0 set; 1 it could not be saved; 64 usage; 65 a coordinate out of range.")

    /// Both numbers in one list so a negative longitude (`-122.03`) is not read as an option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Latitude then longitude in degrees (negative: south, west).", valueName: "LAT LON"))
    var coordinates: [String] = []
    @OptionGroup var options: DeviceOptions

    /// The coordinates given, without a `--` that ends the options (`set -- -33.86 151.2`).
    private var numbers: [String] { coordinates.filter { $0 != "--" } }

    func validate() throws {
        let numbers = numbers
        guard numbers.count == 2 else {
            throw ValidationError(
                "expected LAT LON (two numbers, e.g. 51.5 -0.12), got "
                    + (numbers.isEmpty ? "none" : numbers.map { "'\($0)'" }.joined(separator: " ")))
        }
        guard Double(numbers[0]) != nil else { throw ValidationError("latitude '\(numbers[0])' is not a number") }
        guard Double(numbers[1]) != nil else { throw ValidationError("longitude '\(numbers[1])' is not a number") }
    }

    func run() async throws {
        let numbers = numbers
        guard numbers.count == 2, let lat = Double(numbers[0]), let lon = Double(numbers[1]) else {
            throw ValidationError("expected LAT LON (two numbers)")
        }
        let location: DeviceLocation
        do {
            location = try DeviceLocation(latitude: lat, longitude: lon)
        } catch {
            // Out of range: invalid input, 65, as `notify --near` says it.
            throw CommandFailure(error.description, code: NotificationCLI.ExitCode.invalid)
        }
        do {
            try location.save(device: options.deviceName)
            await LocationNotice.tellDaemon(device: options.deviceName, location: location)
            print("location of \(options.deviceName): \(location.latitude), \(location.longitude)")
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// `baton location get [--json]`.
struct LocationGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Show the location (exit 1 when none is set).")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var options: DeviceOptions

    func run() throws {
        let stored: DeviceLocation?
        do {
            stored = try DeviceLocation.load(device: options.deviceName)
        } catch {
            throw CommandFailure(error.description)
        }
        guard let location = stored else { throw CommandFailure("no location set for \(options.deviceName)") }
        if !options.isDeviceNamed {
            // Say which device answered when none was named (outside a terminal: the stable `host:no-tty`).
            CommandLineRunner.printError("baton location get: device \(options.deviceName) (--device picks another)")
        }
        if json { return try JSONOutput.print(location) }
        print("\(location.latitude), \(location.longitude)")
    }
}

/// `baton location clear`.
struct LocationClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Forget the location.")

    @OptionGroup var options: DeviceOptions

    func run() throws {
        do {
            try DeviceLocation.clear(device: options.deviceName)
        } catch {
            throw CommandFailure(error.description)
        }
        print("location of \(options.deviceName) cleared")
    }
}
