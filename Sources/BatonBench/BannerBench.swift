import BatonEnvironment
import BenchFigures
import CPseudoTerminal
import Foundation
import Notifications
import Synchronization

/// `baton bench notifications`' `push_banner_pty`: a push for device B → its banner's title written by the
/// suite running as B on a real pseudo-terminal. A real `baton` suite runs on the pty; a reader thread
/// notes the instant the title's bytes arrive on the master side. Each title is eight of one letter, the
/// letter changing every push, so every cell of it changes and ncurses writes it in one run.
enum BannerBench {
    static let device = "bench-banner"

    static func run(link: BenchLink, samples: Int, cliBundle: String) async throws -> [BenchFigure] {
        var pathBuffer = [CChar](repeating: 0, count: 128)
        let master = baton_open_pty(40, 120, &pathBuffer, UInt(pathBuffer.count))
        guard master >= 0 else { throw BenchError(description: "cannot open a pseudo-terminal") }
        defer { close(master) }
        let slave = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let pid = try spawnSuite(slave: slave)
        let watcher = TokenWatcher(fd: master)
        watcher.start()
        defer {
            _ = "\u{1B}[21~".withCString { write(master, $0, 5) }  // F10
            watcher.stop()
            var status: Int32 = 0
            let deadline = ContinuousClock.now + .seconds(5)
            while waitpid(pid, &status, WNOHANG) == 0 {
                if ContinuousClock.now > deadline {
                    kill(pid, SIGKILL)
                    _ = waitpid(pid, &status, 0)
                    break
                }
                usleep(10_000)
            }
        }
        // Warm up: the suite registers and its notification link connects; the first banner proves it.
        let overLink = try await measure(watcher, samples: samples) { title in
            // Until the suite has registered, the device is unknown or the push waits for it: try again.
            let reply = try? await link.ask(
                .push(
                    PushIntake(
                        push: PushNotification(
                            bundleIdentifier: cliBundle, content: NotificationContent(title: title), kind: .alert),
                        device: device)))
            guard case .pushed(let outcome)? = reply else { return false }
            return !outcome.delivered.isEmpty
        }
        var figures = [
            BenchFigure(
                benchmark: "notifications", metric: "push_banner_pty", unit: "ms", samples: overLink,
                budget: "p99 ≤ 20 ms")
        ]
        // The same suite, pushed to by a provider over APNs' HTTP/2 API (`baton-apns`), when it is built.
        if let sender = try await HTTP2BannerSender.start(
            link: link, owner: NotificationOwner(bundleIdentifier: cliBundle, device: device))
        {
            defer { sender.stop() }
            let overHTTP2 = try await measure(watcher, samples: samples, letterOffset: samples + 5) { title in
                try sender.send(title)
            }
            figures.append(
                BenchFigure(
                    benchmark: "notifications", metric: "http2_push_banner_pty", unit: "ms", samples: overHTTP2))
        }
        return figures
    }

    /// Times `samples` pushes (after 3 to warm up) from `send` to the banner's title on the pty; `send` says
    /// whether the push was taken (else it is sent again, until a deadline).
    static func measure(
        _ watcher: TokenWatcher, samples: Int, letterOffset: Int = 0, send: (String) async throws -> Bool
    ) async throws -> [Double] {
        var latencies: [Double] = []
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
        for index in -3..<samples {
            let title = String(repeating: letters[(index + 3 + letterOffset) % letters.count], count: 8)
            watcher.expect(Array(title.utf8))
            let sent = ContinuousClock.now
            let deadline = sent + (index < 0 ? .seconds(30) : .seconds(5))
            while try await !send(title) {
                guard ContinuousClock.now < deadline else { throw BenchError(description: "no device \(device)") }
                try await Task.sleep(for: .milliseconds(100))
            }
            while watcher.found == nil {
                guard ContinuousClock.now < deadline else {
                    throw BenchError(description: "the banner “\(title)” was not drawn on the pty")
                }
                try await Task.sleep(for: .milliseconds(1))
            }
            if index >= 0, let found = watcher.found { latencies.append((found - sent).fractionalMilliseconds) }
        }
        return latencies
    }

    private static func spawnSuite(slave: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slave, O_RDWR, 0) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        if let batonHome = getenv("BATON_HOME") { environment["BATON_HOME"] = String(cString: batonHome) }
        let executable = ResourceLocator.executableURL().path
        let argv = CStringArray([executable, "--device", device])
        let envp = CStringArray(environment: environment)
        var pid: pid_t = 0
        let spawned = CleanSignals.withSpawnAttributes { attributes in
            posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        }
        guard spawned == 0 else { throw BenchError(description: "cannot start \(executable)") }
        return pid
    }
}

/// Reads a pty master on its own thread and notes when the expected bytes arrive.
final class TokenWatcher: Sendable {
    private let fd: Int32
    private let running = Atomic<Bool>(false)
    private let state = Mutex<(token: [UInt8], seen: [UInt8], found: ContinuousClock.Instant?)>(([], [], nil))

    init(fd: Int32) { self.fd = fd }

    /// Starts looking for `token` in what arrives from now on.
    func expect(_ token: [UInt8]) { state.withLock { $0 = (token, [], nil) } }

    /// When the token arrived, if it has.
    var found: ContinuousClock.Instant? { state.withLock { $0.found } }

    func start() {
        running.store(true, ordering: .releasing)
        ByteCounter.read(
            fd, while: { [self] in running.load(ordering: .acquiring) },
            take: { [self] chunk in
                let now = ContinuousClock.now
                state.withLock { state in
                    guard state.found == nil, !state.token.isEmpty else { return }
                    state.seen += chunk
                    if state.seen.firstRange(of: state.token) != nil { state.found = now }
                    // Keep only a tail long enough to hold a token split across reads.
                    if state.seen.count > 4096 { state.seen.removeFirst(state.seen.count - state.token.count) }
                }
            })
    }

    func stop() { running.store(false, ordering: .releasing) }
}
