import ArgumentParser
import BatonEnvironment
import Foundation
import KeyValueStore

/// `baton location set LAT LON | get [--json] | clear`: where this device is, for Stores.
struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location", abstract: "Set, show or clear this device's location (used by Stores).",
        subcommands: [LocationSetCommand.self, LocationGetCommand.self, LocationClearCommand.self])

    /// Prints `message` to standard error and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("baton: \(message)\n".utf8))
        Foundation.exit(1)
    }
}

/// `baton location set LAT LON`: stores the location and tells a running daemon, which evaluates location
/// triggers of this device's notifications.
struct LocationSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set the location: latitude -90...90, longitude -180...180 (degrees).")

    /// Both numbers in one list so a negative longitude (`-122.03`) is not read as an option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Latitude then longitude in degrees (negative: south, west).", valueName: "LAT LON"))
    var coordinates: [String] = []
    @OptionGroup var options: DeviceOptions

    func validate() throws {
        guard coordinates.count == 2 else {
            throw ValidationError("expected LAT LON (two numbers), got \(coordinates.count) value(s)")
        }
    }

    func run() async throws {
        let (latitude, longitude) = (coordinates[0], coordinates[1])
        guard let lat = Double(latitude) else { LocationCommand.fail("latitude '\(latitude)' is not a number") }
        guard let lon = Double(longitude) else { LocationCommand.fail("longitude '\(longitude)' is not a number") }
        do {
            let location = try DeviceLocation(latitude: lat, longitude: lon)
            try location.save(device: options.deviceName)
            await LocationNotice.tellDaemon(device: options.deviceName, location: location)
            print("location of \(options.deviceName): \(location.latitude), \(location.longitude)")
        } catch {
            LocationCommand.fail(error.description)
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
            LocationCommand.fail(error.description)
        }
        guard let location = stored else { LocationCommand.fail("no location set for \(options.deviceName)") }
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
            LocationCommand.fail(error.description)
        }
        print("location of \(options.deviceName) cleared")
    }
}
