import Foundation
import TerminalUI

extension MessagePort {
    /// Waits until something is posted (or `seconds` pass), as the event loop's `poll` does: no sleeping, the
    /// wait ends the moment a message arrives. Returns whether one did. Messages stay queued for `drain`.
    @discardableResult
    public func waitForPost(within seconds: Double = 10) -> Bool {
        var descriptor = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(seconds * 1000)) > 0
    }
}

extension MessagePort {
    /// `waitForPost` for async tests: the wait blocks a Dispatch thread, not one of the few threads async work
    /// (the loads being waited for) runs on.
    @discardableResult
    public func nextPost(within seconds: Double = 10) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.waitForPost(within: seconds)) }
        }
    }
}

extension MessagePort {
    /// Takes every queued message, as the shell would route it for one app: those addressed to `owner` go to
    /// `receive`; the others (for other apps, the shell) are returned.
    public func drain(deliveringTo owner: Addressee, _ receive: (any Sendable) -> Void) -> [Envelope] {
        var others: [Envelope] = []
        for envelope in drain() {
            if envelope.addressee == owner { receive(envelope.message) } else { others.append(envelope) }
        }
        return others
    }
}
