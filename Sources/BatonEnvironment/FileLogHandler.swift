import Foundation
import Logging
import Synchronization

/// A swift-log handler that appends lines to a file in the state directory.
///
/// The UI owns the terminal, so nothing is ever logged to standard output or error. Every line is one
/// `write` to a file opened for appending, so several processes sharing a log never overwrite each
/// other's lines; control characters in messages and metadata are escaped, so outside input cannot
/// forge a line or reach a terminal that shows the log.
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
            ? ""
            : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\(LogLine.escaped("\($1)"))" }.joined(separator: " ")
        let stamp = Date().formatted(.iso8601)
        sink.write("\(stamp) \(event.level) \(label):\(fields) \(LogLine.escaped("\(event.message)"))\n")
    }

    /// Routes every logger of the process to `file` (created 0600, never through a symbolic link), rotated
    /// at `rotation`. Safe to call more than once; only the first call installs the handler.
    public static func bootstrap(file: URL, level: Logger.Level = .info, rotation: LogRotation = LogRotation()) {
        let sink = LogSink(url: file, rotation: rotation)
        Bootstrap.once {
            LoggingSystem.bootstrap { label in FileLogHandler(label: label, sink: sink, level: level) }
        }
    }
}

/// How much of one logged value is written: outside input can be megabytes.
enum LogLine {
    static let maxBytes = 4096
    static func escaped(_ text: String) -> String { BoundedQuote.escaped(text, limit: maxBytes) }
}

/// When a log file is rotated: past `maxBytes` it becomes `NAME.1` (the older ones shift up to `keep`).
public struct LogRotation: Sendable {
    public var maxBytes: Int
    public var keep: Int
    public init(maxBytes: Int = 4 << 20, keep: Int = 3) {
        self.maxBytes = maxBytes
        self.keep = keep
    }
}

/// A thread-safe appender to one file, rotated by size. Another process sharing the file may rotate it:
/// a write then finds the path names a new file and reopens it.
final class LogSink: Sendable {
    private let url: URL
    private let rotation: LogRotation
    /// The open file; -1 when it could not be opened.
    private let descriptor: Mutex<Int32>

    init(url: URL, rotation: LogRotation) {
        self.url = url
        self.rotation = rotation
        descriptor = Mutex(Self.open(url))
    }

    deinit { descriptor.withLock { if $0 >= 0 { close($0) } } }

    func write(_ line: String) {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var bytes = Array(line.utf8)
            _ = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            rotateIfNeeded(&descriptor)
        }
    }

    /// Rotates when the file passed the limit; reopens when another process rotated it already.
    private func rotateIfNeeded(_ descriptor: inout Int32) {
        var open = stat()
        guard fstat(descriptor, &open) == 0 else { return }
        var named = stat()
        let sameFile = lstat(url.path, &named) == 0 && named.st_ino == open.st_ino && named.st_dev == open.st_dev
        if sameFile && Int(open.st_size) <= rotation.maxBytes { return }
        if sameFile {
            let path = url.path
            for index in stride(from: rotation.keep - 1, through: 1, by: -1) {
                rename("\(path).\(index)", "\(path).\(index + 1)")
            }
            rename(path, "\(path).1")
        }
        close(descriptor)
        descriptor = Self.open(url)
    }

    /// Opens `url` for appending, 0600, without following a link; -1 when it cannot be opened.
    private static func open(_ url: URL) -> Int32 {
        try? StrictModes.secureDirectory(url.deletingLastPathComponent())
        return (try? StrictModes.open(url, flags: O_WRONLY | O_APPEND | O_CREAT)) ?? -1
    }
}

/// Runs a block once per process.
enum Bootstrap {
    private static let done = Mutex(false)

    static func once(_ body: () -> Void) {
        done.withLock { done in
            guard !done else { return }
            done = true
            body()
        }
    }
}
