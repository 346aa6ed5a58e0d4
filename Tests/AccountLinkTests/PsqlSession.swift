import Foundation

/// A psql session kept open (statements written to its standard input as the test goes), for what must last:
/// locks held, channels listened on. `finish` ends it and returns everything it printed, asynchronous
/// notifications included.
final class PsqlSession: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let collected = OutputCollector()

    init(url: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-X", "-q", "-A", "-t"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let collected = collected
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
    }

    /// Sends `sql` (ended by `;` and a newline).
    func send(_ sql: String) {
        input.fileHandleForWriting.write(Data((sql + ";\n").utf8))
    }

    /// What the session printed so far.
    var printed: String { collected.text }

    /// Ends the session (after one last statement, so psql reports notifications that arrived) and returns all
    /// it printed.
    func finish() async throws -> String {
        send("SELECT 'session-end'")
        try? input.fileHandleForWriting.close()
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        output.fileHandleForReading.readabilityHandler = nil
        collected.append(output.fileHandleForReading.readDataToEndOfFile())
        return collected.text
    }
}

/// Bytes a process printed, gathered from its pipe's handler thread.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
