import AccountClient
import BatonEnvironment
import Foundation
import NIOCore
import Notifications
import Synchronization
import Wire

/// What `baton notify`, `notifications` and `push` share: one request to the daemon (started on demand), its
/// typed answer, and the documented exit codes.
enum NotificationCLI {
    /// The CLI's own app: authorized by the user who runs it, as `notify-send` needs no permission.
    static let cliBundle = "com.baton.cli"

    /// Exit codes: 0 done; 1 the daemon failed or could not be reached; 64 a usage error; 65 invalid input (a
    /// trigger, content, attachment or payload the daemon refuses); 66 a file that cannot be read; 67 an unknown
    /// app or device; 75 the app's 64 pending requests all fire sooner.
    enum ExitCode {
        static let failed: Int32 = 1
        static let usage: Int32 = 64
        static let invalid: Int32 = 65
        static let noInput: Int32 = 66
        static let unknownTarget: Int32 = 67
        static let capacity: Int32 = 75
    }

    /// Sends `message` and returns the daemon's typed answer (the first for which `final` holds, within
    /// `timeout`, put together when it comes in pieces); a refusal prints one line and exits (with the code
    /// `exitCode` picks for it, else the family's), after `cleanup` (which removes what the request would have
    /// owned: `notify`'s attachment copies).
    static func request(
        _ message: NotificationMessage, timeout: TimeAmount = .seconds(30),
        final: @escaping @Sendable (NotificationMessage) -> Bool = { _ in true },
        exitCode pick: (WireFailure) -> Int32? = { _ in nil }, cleanup: () -> Void = {}
    ) async -> NotificationMessage {
        let wire: WireMessage
        do {
            wire = try message.wire(requestID: 1)
        } catch {
            cleanup()
            fail("cannot encode the request: \(error)", code: ExitCode.failed)
        }
        let paths = BatonPaths()
        let reply: WireMessage
        do {
            reply = try await requestStartingDaemon(paths: paths, timeout: timeout, stamping(wire), final: final)
        } catch {
            cleanup()
            switch error {
            case .query(.failed(let failure)): fail(failure.message, code: pick(failure) ?? exitCode(for: failure.code))
            case .query(let error): fail(CommandFailure(describing: error))
            case .cannotStart(let failure): fail(failure)
            }
        }
        guard case .notification(let envelope) = reply, let answer = try? NotificationMessage(envelope) else {
            cleanup()
            fail("unexpected reply '\(reply.kind)' from the daemon", code: ExitCode.failed)
        }
        return answer
    }

    /// `wire` (a notification message) answering or asking the request id it is given.
    static func stamping(_ wire: WireMessage) -> @Sendable (UInt64) -> WireMessage {
        { requestID in
            guard case .notification(var envelope) = wire else { return wire }
            envelope.requestID = requestID
            return .notification(envelope)
        }
    }

    /// Sends `make`, starting the daemon first when none runs; a daemon that cannot start is thrown as
    /// `.refused` with its line, or `.foreign` (exit 78) for an unsafe path.
    private static func requestStartingDaemon(
        paths: BatonPaths, timeout: TimeAmount, _ make: @escaping @Sendable (UInt64) -> WireMessage,
        final: @escaping @Sendable (NotificationMessage) -> Bool
    ) async throws(StartingFailure) -> WireMessage {
        do {
            return try await gathered(paths: paths, timeout: timeout, make, final: final)
        } catch .notRunning {
            do {
                try await DaemonLauncher.startOnDemand(paths: paths)
            } catch {
                throw .cannotStart(CommandFailure(describing: error))
            }
        } catch {
            throw .query(error)
        }
        do {
            return try await gathered(paths: paths, timeout: timeout, make, final: final)
        } catch {
            throw .query(error)
        }
    }

    /// Why a request got no answer: the daemon's error, or no daemon could be started.
    private enum StartingFailure: Error {
        case query(DaemonQueryError)
        case cannotStart(CommandFailure)
    }

    /// The answer to `make(requestID)`, put back together when it comes in pieces (a long pending or
    /// delivered list, `NotificationListPieces`): the first whole answer for which `final` holds.
    private static func gathered(
        paths: BatonPaths, timeout: TimeAmount, _ make: @escaping @Sendable (UInt64) -> WireMessage,
        final: @escaping @Sendable (NotificationMessage) -> Bool
    ) async throws(DaemonQueryError) -> WireMessage {
        let assembler = Mutex(NotificationListAssembler())
        return try await DaemonQuery.gather(paths: paths, timeout: timeout, make) { reply in
            guard case .notification(let envelope) = reply, let typed = try? NotificationMessage(envelope) else {
                return reply
            }
            guard let whole = assembler.withLock({ $0.add(typed) }), final(whole) else { return nil }
            return (try? whole.wire(requestID: envelope.requestID)) ?? reply
        }
    }

    /// The exit code for a daemon refusal.
    static func exitCode(for failureCode: Int) -> Int32 {
        switch failureCode {
        case NotificationFailure.invalid, WireFailure.badRequest: ExitCode.invalid
        case NotificationFailure.unknownTarget: ExitCode.unknownTarget
        case NotificationFailure.capacity: ExitCode.capacity
        case WireFailure.tooManyConnections: BatonExitCode.daemonNotAnswering
        default: ExitCode.failed
        }
    }

    /// "app@device  identifier  title" of a listed notification, escaped for the terminal (`TerminalText`: every
    /// part may come from another device or a push).
    static func row(_ owner: NotificationOwner, _ request: NotificationRequest) -> String {
        TerminalText.line("\(owner.bundleIdentifier)@\(owner.device)  \(request.identifier)  ")
            + BoundedQuote.escaped(request.content.title, limit: 80)
    }

    /// Prints `baton COMMAND: message` (escaped: it may quote the daemon) to standard error and exits with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        CommandLineRunner.printError("\(CommandLineRunner.runningPath): \(message)")
        Foundation.exit(code)
    }

    /// Prints `failure`'s line and exits with its code (78 for an unsafe path, 3 for no daemon behind
    /// `BATON_SOCKET`, …).
    static func fail(_ failure: CommandFailure) -> Never { fail(failure.message, code: failure.code) }

    /// A date as people read it: ISO 8601 in the local zone.
    static func text(_ date: Date?) -> String {
        guard let date else { return "on an event (location or push)" }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }
}
