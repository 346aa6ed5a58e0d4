import Foundation
import Logging
import Testing

@testable import BatonEnvironment

/// Log files: appended to by several processes without losing lines, rotated by size, escaped.
@Suite struct LogFileTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func twoWritersSharingAFileLoseNoLine() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("suite.log")
        // Two sinks stand for two processes: each has its own descriptor and offset.
        let first = LogSink(url: file, rotation: LogRotation())
        let second = LogSink(url: file, rotation: LogRotation())
        for index in 0..<200 {
            first.write("first \(index)\n")
            second.write("second \(index)\n")
        }
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 400)
        #expect(lines.filter { $0.hasPrefix("first ") }.count == 200)
        #expect(lines.filter { $0.hasPrefix("second ") }.count == 200)
    }

    @Test func aFileRotatesBySizeKeepingAFew() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("daemon.log")
        let sink = LogSink(url: file, rotation: LogRotation(maxBytes: 1000, keep: 3))
        let other = LogSink(url: file, rotation: LogRotation(maxBytes: 1000, keep: 3))
        for index in 0..<500 {
            (index % 2 == 0 ? sink : other).write("line \(index) " + String(repeating: "x", count: 40) + "\n")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["daemon.log", "daemon.log.1", "daemon.log.2", "daemon.log.3"])
        for name in names {
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]
                    as? Int)
            // Past the limit by at most one line per writer (the other writer appends once more before it
            // sees that the file was rotated).
            #expect(size <= 1000 + 2 * 55, "\(name) is \(size) bytes")
        }
        let newest = try String(contentsOf: file, encoding: .utf8)
        #expect(newest.contains("line 499 "))
    }

    @Test func controlCharactersAndHugeValuesAreEscapedAndCut() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("daemon.log")
        let handler = FileLogHandler(label: "test", sink: LogSink(url: file, rotation: LogRotation()), level: .info)
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .info
        logger.warning(
            "device \("evil\n2026-01-01 notice forged\u{1B}[2J")",
            metadata: ["input": "\(String(repeating: "k", count: 1_000_000))"])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains(#"evil\n2026-01-01 notice forged\u{1b}[2J"#))
        #expect(!text.contains("\u{1B}"))
        #expect(text.utf8.count < 10_000)
        #expect(text.contains("(1000000 bytes)"))
    }

    @Test func aLogThatIsASymbolicLinkIsNotWrittenThrough() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim")
        try Data("precious\n".utf8).write(to: victim)
        let file = folder.appendingPathComponent("daemon.log")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)
        LogSink(url: file, rotation: LogRotation()).write("appended\n")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }
}
