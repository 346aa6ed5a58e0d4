import BatonEnvironment
import Foundation
import Testing

/// `baton-fetch` saving large files from the local test server: memory stays constant whatever the file's
/// size (the network is paced to the disk), and the download cap (`--max-size`, default 2 GB) refuses a
/// file announced too large and stops one that grows past it, leaving nothing behind.
@Suite(.serialized) struct FetchDownloadLimitsTests {
    /// What one run of `baton-fetch` printed (its frames, as text) and its peak resident size.
    struct Run {
        var output: String
        var peakKB: Int
    }

    /// Runs `baton-fetch URL … --save-in directory` with `extra` options, reading its reply to the end on a
    /// thread of its own (the blocking reads stay off Swift's cooperative pool).
    ///
    /// With `readingAfter`, the reply is not read until a file of that many bytes is in `directory` (or a minute
    /// passes): a parent that does not read.
    static func fetch(_ url: URL, into directory: URL, extra: [String] = [], readingAfter: Int? = nil)
        async throws -> Run
    {
        let executable = URL(fileURLWithPath: try BatonFixture.locateBinary()).deletingLastPathComponent()
            .appendingPathComponent("baton-fetch").path
        let arguments = [url.absoluteString, "60", "1000000", "--save-in", directory.path] + extra
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    let process = try ChildProcess.spawn(executable: executable, arguments: arguments, errorLog: nil)
                    var output: [UInt8] = []
                    // VmHWM of the child itself (wait4's figure includes this process's own peak).
                    var peak = 0
                    let deadline = Date().addingTimeInterval(60)
                    while let bytes = readingAfter, Self.savedBytes(in: directory) < bytes, Date() < deadline {
                        peak = max(peak, ProcessMemory.peakResidentKB(of: process.pid) ?? 0)
                        Thread.sleep(forTimeInterval: 0.02)
                    }
                    reading: while true {
                        peak = max(peak, ProcessMemory.peakResidentKB(of: process.pid) ?? 0)
                        switch process.read(timeout: .seconds(60)) {
                        case .bytes(let bytes): if output.count < 1 << 20 { output += bytes }
                        case .nothingYet: continue
                        case .endOfFile: break reading
                        }
                    }
                    _ = process.reap(grace: .seconds(60))
                    continuation.resume(returning: Run(output: String(decoding: output, as: UTF8.self), peakKB: peak))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// The size of the largest file in `directory`.
    static func savedBytes(in directory: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path))?[.size]
                as? Int
        }.max() ?? 0
    }

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aLargeDownloadIsSavedWithConstantMemory() async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let saveIn = try directory()
        defer { try? FileManager.default.removeItem(at: saveIn) }
        // The parent reads nothing until the file is whole: its progress must neither stall the download
        // nor let it pile up in memory.
        let run = try await Self.fetch(
            try #require(URL(string: server.base.absoluteString + "/big?mb=768")), into: saveIn, readingAfter: 768 << 20
        )
        let size =
            try FileManager.default.attributesOfItem(atPath: saveIn.appendingPathComponent("big.bin").path)[
                .size] as? NSNumber
        #expect(size?.intValue == 768 << 20, "\(run.output.suffix(300))")
        // Before: the queue between libcurl and the disk grew with the file (about a third of it resident).
        #expect(run.peakKB < 128 * 1024, "baton-fetch peaked at \(run.peakKB) KB saving 768 MB")
    }

    /// Fetches `path` of the test server with a 16 MB cap: it must be refused, and nothing of it kept.
    private func expectRefusedOverTheCap(_ path: String) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let saveIn = try directory()
        defer { try? FileManager.default.removeItem(at: saveIn) }
        let run = try await Self.fetch(
            try #require(URL(string: server.base.absoluteString + path)), into: saveIn,
            extra: ["--max-size", "\(16 << 20)"])
        #expect(run.output.contains("over the download limit of 16 MB"), "\(run.output.suffix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: saveIn.path).isEmpty)
    }

    @Test func aFileAnnouncedOverTheCapIsRefusedBeforeAByteIsSaved() async throws {
        try await expectRefusedOverTheCap("/big?mb=64")
    }

    @Test func aFileThatGrowsPastTheCapIsStoppedAndRemoved() async throws {
        try await expectRefusedOverTheCap("/big?mb=64&length=no")
    }
}
