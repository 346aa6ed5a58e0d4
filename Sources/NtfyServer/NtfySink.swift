import APNsServer
import AccountClient
import BatonEnvironment
import Foundation
import NIOCore
import Notifications
import Wire

/// Where a published message goes: the daemon (`DaemonNtfySink`), or a test's stand-in.
public protocol NtfySink: Sendable {
    /// Asks for `add` once; nil when the daemon took it, else ntfy's refusal.
    func add(_ add: AddNotification) async -> NtfyError?
}

/// The daemon at `paths`, over the endpoint's one connection (`DaemonPushLink`, as the APNs endpoint's): the
/// request `baton notify` sends, for every device and every machine of the account. No daemon: 50301.
public final class DaemonNtfySink: NtfySink {
    private let link: DaemonPushLink
    private let timeout: TimeAmount

    /// `dropped` runs each time the connection to the daemon closes (`serve --supervised` ends with it).
    public init(paths: BatonPaths, timeout: TimeAmount = .seconds(10), dropped: @escaping @Sendable () -> Void = {}) {
        link = DaemonPushLink(socket: paths.socket, dropped: dropped)
        self.timeout = timeout
    }

    /// Opens the connection now, rather than on the first message.
    public func connect() async throws(DaemonQueryError) { try await link.connected() }

    public func add(_ add: AddNotification) async -> NtfyError? {
        let reply: WireMessage
        do {
            reply = try await link.request(timeout: timeout, notification: .add(add))
        } catch {
            switch error {
            case .failed(let failure):
                // The daemon's one line (bounded by it), e.g. the 64 pending of a topic on a device.
                return NtfyError(50001, "internal server error: " + String(failure.message.prefix(200)))
            case .notRunning, .refused, .foreign, .busy: return .unavailable
            default: return .internalError
            }
        }
        guard case .notification(let envelope) = reply, case .added = try? NotificationMessage(envelope) else {
            return .internalError
        }
        return nil
    }
}
