import BatonEnvironment
import Dispatch
import Foundation
import GRDB
import Logging
import NIOCore
import NIOPosix
import TestSupport
import Testing
import Wire

@testable import AccountService

/// The account daemon's services inside the test's own process: the real hub, services and pipeline on a
/// real event loop, serving a socket in a temporary directory, with the real database and a manual clock
/// that moves only when the test says so.
final class InProcessDaemon {
    static let startDate = Date(timeIntervalSince1970: 1_780_000_000)
    /// The default source timeout of a continue, as the real daemon's.
    static let continueTimeout: TimeAmount = AccountDaemon.defaultContinueTimeout

    let clock = ManualClock(now: InProcessDaemon.startDate)
    let paths: BatonPaths
    let store: AccountStore
    private let directory: URL
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let server: DaemonServer

    /// A daemon over a new, empty account directory, or over `directory` (a restart), with `limits`.
    init(directory: URL? = nil, limits: DaemonLimits = DaemonLimits()) throws {
        self.directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("baton-svc-\(UUID().uuidString.prefix(8))")
        paths = BatonPaths(
            runtimeDirectory: self.directory.appendingPathComponent("run"),
            stateDirectory: self.directory.appendingPathComponent("state"))
        try paths.prepare()
        let logger = Logger(label: "baton.daemon.test") { _ in SwiftLogNoOpLogHandler() }
        store = try AccountStore(url: paths.database, logger: logger)
        server = try DaemonServer.start(
            group: group, eventLoop: group.next(), clock: clock, store: store, paths: paths, logger: logger,
            continueTimeout: Self.continueTimeout, ownerUID: getuid(), limits: limits, shutdown: {})
    }

    /// Stops serving and waits for every queued commit; `keepFiles` leaves the directory for a restart.
    func stop(keepFiles: Bool = false) {
        try? server.channel.close().wait()
        try? server.closeAll(store: store)
        try? group.syncShutdownGracefully()
        if !keepFiles { try? FileManager.default.removeItem(at: directory) }
    }

    /// Stops this daemon and starts another on the same database.
    func restarted() throws -> InProcessDaemon {
        stop(keepFiles: true)
        return try InProcessDaemon(directory: directory)
    }

    /// A new client connection, not registered.
    func connect() throws -> RawDaemonSocket { try RawDaemonSocket(path: paths.socket.path) }

    /// A new connection registered as `name` with `apps`.
    func device(_ name: String, apps: [AppDescriptor] = []) throws -> RawDaemonSocket {
        let socket = try connect()
        try socket.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: apps)))
        guard case .registered = socket.next(where: { $0.kind == "registered" || $0.kind == "error" }) else {
            throw InProcessDaemonError.notRegistered(name)
        }
        return socket
    }

    /// Moves the daemon's clock forward on its event loop, where its deadlines fire in a real run.
    func advance(by seconds: Double) throws {
        let clock = clock
        try server.eventLoop.submit { clock.advance(by: seconds) }.wait()
    }

    /// Occupies GRDB's writer until `release()`: every commit queued behind it waits for real, as behind a
    /// slow disk.
    func holdWriter() -> WriterHold { WriterHold(writes: store.writes) }
}

/// GRDB's writer kept busy by the test until released.
final class WriterHold: Sendable {
    private let gate = DispatchSemaphore(value: 0)

    /// Returns once the writer is inside the hold (queued as the daemon queues its writes, so the daemon
    /// knows its writer is busy).
    init(writes: WriterQueue) {
        let entered = DispatchSemaphore(value: 0)
        writes.asyncWrite { [gate] _ in
            entered.signal()
            gate.wait()
        } completion: { _, _ in
        }
        entered.wait()
    }

    /// Lets the writer go on with what queued up behind the hold.
    func release() { gate.signal() }
}

enum InProcessDaemonError: Error {
    case notRegistered(String)
}

extension RawDaemonSocket {
    /// The next message, whatever it is; fails the test's expectation when none comes (a hang guard).
    func nextMessage() -> WireMessage? {
        guard case .message(let message) = nextFrame() else { return nil }
        return message
    }

    /// The next message of `kind`, skipping others.
    func next(_ kind: String) -> WireMessage? { next(where: { $0.kind == kind }) }

    /// Pings and returns the pong's request id: every message sent before it has been handled.
    func ping(_ requestID: UInt64) throws -> WireMessage? {
        try send(.ping(Ping(requestID: requestID)))
        return next("pong")
    }
}

/// The in-process service suites, one test at a time: each blocks its thread on socket reads (with a hang
/// guard), and running them side by side would hold the test runner's few threads from the other suites.
@Suite(.serialized) enum InProcessServices {}
