import Foundation
import Logging

/// A swift-log handler that appends lines to a file in the state directory.
///
/// The UI owns the terminal, so nothing is ever logged to standard output or error.
public struct FileLogHandler: LogHandler {
    private let sink: LogSink
    private let label: String
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level

    init(label: String, sink: LogSink, level: Logger.Level) {
        self.label = label
        self.sink = sink
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let fields =
            merged.isEmpty
            ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        let stamp = Date().formatted(.iso8601)
        sink.write("\(stamp) \(event.level) \(label):\(fields) \(event.message)\n")
    }

    /// Routes every logger of the process to `file` (created with its directory).
    /// Safe to call more than once; only the first call installs the handler.
    public static func bootstrap(file: URL, level: Logger.Level = .info) {
        let sink = LogSink(url: file)
        Bootstrap.once {
            LoggingSystem.bootstrap { label in FileLogHandler(label: label, sink: sink, level: level) }
        }
    }
}

/// A thread-safe appender to one file.
final class LogSink: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle?

    init(url: URL) {
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: url.path) {
            FileManager.default.createFile(
                atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        handle = try? FileHandle(forWritingTo: url)
        _ = try? handle?.seekToEnd()
    }

    func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        try? handle?.write(contentsOf: Data(line.utf8))
    }
}

/// Runs a block once per process.
enum Bootstrap {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var done = false

    static func once(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        body()
    }
}
