import Foundation

extension LinkedMachines {
    /// The repository's MonkeyBrowser manifest (a probe device needs one).
    static var monkeyBrowserManifest: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/MonkeyBrowser/Info.plist").path
    }

    /// Starts `baton arguments` on `machine` in the background (its output written to `output`, or discarded);
    /// stop it with `terminate()`.
    func start(_ machine: String, _ arguments: [String], output: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment(machine)
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A registered device named `device` on `machine` for `seconds` (a Handoff probe that only watches).
    func device(_ device: String, on machine: String, seconds: Int = 240) throws -> Process {
        try start(
            machine,
            [
                "handoff-probe", "watch", "--manifest", Self.monkeyBrowserManifest, "--device", device, "--seconds",
                "\(seconds)",
            ])
    }
}
