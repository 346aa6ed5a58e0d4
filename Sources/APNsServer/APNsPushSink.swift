import APNsProvider
import AccountClient
import BatonEnvironment
import Foundation
import NIOCore
import Notifications
import Wire

/// Where an accepted push goes: the daemon (`DaemonPushSink`), or a test's stand-in.
public protocol APNsPushSink: Sendable {
    /// Hands `intake` over once and returns what became of it, or APNs' answer for a refusal.
    func submit(_ intake: PushIntake) async -> Result<PushOutcome, APNsRejection>
}

/// The daemon at `paths`: the request `baton push --token` sends, each with its own request id, all over the
/// endpoint's one connection (`DaemonPushLink`), so service extensions, collapse ids, expiration and
/// exactly-once delivery are the daemon's as for every push, and a provider pushing fast takes one of the
/// daemon's connection slots, never the local clients'. No daemon: 503 ServiceUnavailable; a refusal: APNs'
/// reason (`APNsRejection(daemonRefusal:)`).
public final class DaemonPushSink: APNsPushSink {
    public let paths: BatonPaths
    /// How long an answer may take (the daemon answers at once; a service extension runs after).
    public let timeout: TimeAmount
    private let link: DaemonPushLink

    /// `dropped` runs (on a NIO thread) each time the connection to the daemon closes (`serve --supervised`
    /// ends with it); the next push opens another.
    public init(paths: BatonPaths, timeout: TimeAmount = .seconds(10), dropped: @escaping @Sendable () -> Void = {}) {
        self.paths = paths
        self.timeout = timeout
        link = DaemonPushLink(socket: paths.socket, dropped: dropped)
    }

    /// Opens the connection now, rather than on the first push.
    public func connect() async throws(DaemonQueryError) { try await link.connected() }

    public func submit(_ intake: PushIntake) async -> Result<PushOutcome, APNsRejection> {
        let reply: WireMessage
        do {
            reply = try await link.request(timeout: timeout, notification: .push(intake))
        } catch {
            switch error {
            case .failed(let failure): return .failure(APNsRejection(daemonRefusal: failure.message))
            case .notRunning, .refused, .foreign, .busy:
                return .failure(APNsRejection(503, "ServiceUnavailable", detail: error.description))
            default:
                // Sent, but no answer came: it may have been taken (a provider's retry may deliver it twice).
                return .failure(APNsRejection(500, "InternalServerError", detail: error.description))
            }
        }
        guard case .notification(let envelope) = reply, case .pushed(let outcome) = try? NotificationMessage(envelope)
        else { return .failure(APNsRejection(500, "InternalServerError", detail: "unexpected '\(reply.kind)'")) }
        return .success(outcome)
    }
}
