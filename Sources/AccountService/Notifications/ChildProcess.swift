import Foundation

/// Runs a program with argv (never through a shell) and waits for it: for use off the event loop only.
enum ChildProcess {
    /// What the child said and how it ended.
    struct Result: Sendable {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Result(status: -1, output: "", error: "\(error)")
        }
        // Both pipes are drained at once so that neither child stream can fill and stall the other.
        let errorReader = error.fileHandleForReading
        let errorBox = ErrorBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorBox.data = errorReader.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errorText = errorBox.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData.prefix(4096), as: UTF8.self),
            error: String(decoding: errorText.prefix(4096), as: UTF8.self))
    }
}

/// The child's stderr, written by one reader thread before `DispatchGroup.wait` returns.
private final class ErrorBox: @unchecked Sendable {
    var data = Data()
}
