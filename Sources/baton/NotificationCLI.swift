import AccountClient
import BatonEnvironment
import Foundation
import NIOCore
import Notifications
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
    /// `timeout`); a refusal prints one line and exits (with the code `exitCode` picks for it, else the family's).
    static func request(
        _ message: NotificationMessage, timeout: TimeAmount = .seconds(5),
        final: @escaping @Sendable (NotificationMessage) -> Bool = { _ in true },
        exitCode pick: (WireFailure) -> Int32? = { _ in nil }
    ) async -> NotificationMessage {
        let wire: WireMessage
        do {
            wire = try message.wire(requestID: 1)
        } catch {
            fail("cannot encode the request: \(error)", code: ExitCode.failed)
        }
        let paths = BatonPaths()
        let reply: WireMessage
        do {
            reply = try await requestStartingDaemon(paths: paths, timeout: timeout, stamping(wire)) { reply in
                guard case .notification(let envelope) = reply, let answer = try? NotificationMessage(envelope) else {
                    return reply
                }
                return final(answer) ? reply : nil
            }
        } catch .failed(let failure) {
            fail(failure.message, code: pick(failure) ?? exitCode(for: failure.code))
        } catch {
            fail(error.description, code: ExitCode.failed)
        }
        guard case .notification(let envelope) = reply, let answer = try? NotificationMessage(envelope) else {
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

    private static func requestStartingDaemon(
        paths: BatonPaths, timeout: TimeAmount, _ make: @escaping @Sendable (UInt64) -> WireMessage,
        gather: @escaping @Sendable (WireMessage) -> WireMessage?
    ) async throws(DaemonQueryError) -> WireMessage {
        do {
            return try await DaemonQuery.gather(paths: paths, timeout: timeout, make, gather: gather)
        } catch .notRunning {
            do {
                _ = try await DaemonLauncher.start(paths: paths)
            } catch {
                fail("\(error)", code: ExitCode.failed)
            }
        }
        return try await DaemonQuery.gather(paths: paths, timeout: timeout, make, gather: gather)
    }

    /// The exit code for a daemon refusal.
    static func exitCode(for failureCode: Int) -> Int32 {
        switch failureCode {
        case NotificationFailure.invalid, WireFailure.badRequest: ExitCode.invalid
        case NotificationFailure.unknownTarget: ExitCode.unknownTarget
        case NotificationFailure.capacity: ExitCode.capacity
        default: ExitCode.failed
        }
    }

    /// Prints `baton: message` to standard error and exits with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("baton: \(message)\n".utf8))
        Foundation.exit(code)
    }

    /// A date as people read it: ISO 8601 in the local zone.
    static func text(_ date: Date?) -> String {
        guard let date else { return "on an event (location or push)" }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }
}
