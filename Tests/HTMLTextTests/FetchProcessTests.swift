import Foundation
import Testing

@testable import PageLoading

#if canImport(Glibc)
    import Glibc
#endif

/// PageLoader against stand-ins for `baton-fetch` that are missing, broken, slow or greedy: every
/// failure is a `PageLoadError`, nothing hangs, and no child is left behind.
@Suite struct FetchProcessTests {
    static let url = URL(string: "http://127.0.0.1:9/page")!

    /// A directory with a shell script standing in for `baton-fetch`, and the reply frames it may `cat`.
    final class FakeFetcher: Sendable {
        let directory: URL
        var executable: URL { directory.appendingPathComponent("baton-fetch") }
        var reply: URL { directory.appendingPathComponent("reply") }
        var pidFile: URL { directory.appendingPathComponent("pid") }

        init(script: String, reply frames: [FetchFrame] = []) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-fetch-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(frames.flatMap { try $0.encoded() }).write(to: reply)
            let text = "#!/bin/sh\ncd '\(directory.path)'\necho $$ > pid.new && mv pid.new pid\n\(script)\n"
            try Self.writeExecutable(Array(text.utf8), to: executable.path)
        }

        /// Writes the script through a close-on-exec descriptor: one inherited by a child that another
        /// test spawns meanwhile would make exec fail with ETXTBSY ("Text file busy").
        private static func writeExecutable(_ bytes: [UInt8], to path: String) throws {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
            guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            defer { close(descriptor) }
            guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        // The timeout only guards against a hang: on a loaded machine the helper may start slowly.
        func load(maximumBytes: Int = 1000) async throws -> LoadedPage {
            try await PageLoader(timeout: 45, maximumBytes: maximumBytes, fetcherExecutable: executable).load(url)
        }

        /// True when the script's process is gone and reaped (a zombie still answers `kill(pid, 0)`).
        func childIsGone() throws -> Bool {
            let text = try String(contentsOf: pidFile, encoding: .utf8)
            let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            return kill(pid, 0) == -1 && errno == ESRCH
        }
    }

    static let head = FetchHead(url: url, status: 200, contentType: "text/plain")

    /// Expects a `.network` error whose reason contains `text`.
    static func expectNetworkFailure(_ fetcher: FakeFetcher, containing text: String) async {
        do {
            let page = try await fetcher.load()
            Issue.record("loaded \(page.text.prefix(40)) instead of failing")
        } catch PageLoadError.network(let url, let reason) {
            #expect(url == Self.url)
            #expect(reason.contains(text), "\(reason)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aMissingHelperIsAClearError() async throws {
        let path = "/nonexistent/baton-fetch"
        let loader = PageLoader(fetcherExecutable: URL(fileURLWithPath: path))
        await #expect(throws: PageLoadError.fetcherMissing(path)) { try await loader.load(Self.url) }
        #expect(PageLoadError.fetcherMissing(path).description.contains("scripts/setup.sh"))
    }

    @Test func aWellFormedReplyIsAPage() async throws {
        let fetcher = try FakeFetcher(
            script: "cat reply", reply: [.head(Self.head), .data(Array("hello".utf8)), .end(truncated: false)])
        let page = try await fetcher.load()
        #expect(page.text == "hello")
        #expect(page.statusCode == 200)
        #expect(try fetcher.childIsGone())
    }

    @Test func brokenHelpersAreNetworkErrors() async throws {
        await Self.expectNetworkFailure(try FakeFetcher(script: "printf garbage"), containing: "unknown kind")
        await Self.expectNetworkFailure(
            try FakeFetcher(script: "exit 3"), containing: "no complete reply (nothing came) and exited with status 3")
        await Self.expectNetworkFailure(try FakeFetcher(script: "kill -SEGV $$"), containing: "signal 11")
        let cut = try FakeFetcher(script: "cat reply", reply: [.head(Self.head), .data([1, 2])])
        await Self.expectNetworkFailure(cut, containing: "a head and 2 bytes of body came")
        let failing = try FakeFetcher(script: "cat reply; exit 1", reply: [.head(Self.head), .end(truncated: false)])
        await Self.expectNetworkFailure(failing, containing: "exited with status 1 after its reply")
    }

    @Test func aFailureFrameIsItsError() async throws {
        let fetcher = try FakeFetcher(
            script: "cat reply", reply: [.head(Self.head), .data([1]), .failure(.timedOut(Self.url))])
        await #expect(throws: PageLoadError.timedOut(Self.url)) { try await fetcher.load() }
    }

    /// A helper that never ends by itself: the test can only finish (within its 10-minute hang guard) if the loader
    /// ends it. No timing is asserted.
    @Test(.timeLimit(.minutes(10))) func aGreedyHelperIsCutAndEnded() async throws {
        // Sends 3000 bytes against a 1000-byte limit, then hangs.
        let fetcher = try FakeFetcher(
            script: "cat reply; exec sleep 3600",
            reply: [.head(Self.head), .data(Array(repeating: UInt8(ascii: "z"), count: 3000))])
        let page = try await fetcher.load(maximumBytes: 1000)
        #expect(page.isTruncated)
        #expect(page.text.hasPrefix(String(repeating: "z", count: 1000) + "\n"))
        #expect(try fetcher.childIsGone())
    }

    /// As above: the helper would sleep for an hour unless cancellation ends it.
    @Test(.timeLimit(.minutes(10))) func cancellationEndsAndReapsTheHelper() async throws {
        let fetcher = try FakeFetcher(script: "exec sleep 3600")
        let load = Task { try await fetcher.load() }
        while !FileManager.default.fileExists(atPath: fetcher.pidFile.path) {
            try await Task.sleep(for: .milliseconds(10))
        }
        load.cancel()
        await #expect(throws: PageLoadError.cancelled) { try await load.value }
        #expect(try fetcher.childIsGone())
    }
}
