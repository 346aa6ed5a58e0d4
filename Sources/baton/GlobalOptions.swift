import ArgumentParser
import BatonEnvironment
import Foundation

/// Options every command that acts as a device shares: `--device` and `--now`.
struct DeviceOptions: ParsableArguments {
    @Option(name: .long, help: "This terminal's device name (default: BATON_DEVICE, else host:tty).")
    var device: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fix the clock's start (ISO 8601), for demos and tests (default: BATON_NOW).",
            valueName: "date"))
    var now: String?

    /// The resolved device name.
    var deviceName: String { DeviceName.resolve(option: device) }

    /// Whether the device was named (`--device` or `BATON_DEVICE`) rather than taken from the terminal.
    var isDeviceNamed: Bool {
        !(device ?? "").isEmpty || !(ProcessEnvironment.value("BATON_DEVICE") ?? "").isEmpty
    }

    /// The resolved clock, or a validation error naming the bad date.
    func clock() throws -> BatonClock {
        do { return try BatonClock.resolve(option: now) } catch { throw ValidationError("\(error)") }
    }
}
