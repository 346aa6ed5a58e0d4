import APNsProvider
import Foundation
import Synchronization

/// APNs' `429 TooManyRequests`: "the provider sent too many requests to the same device token". Apple gives no
/// number; here a token takes at most `pushes` accepted pushes in any `window` seconds (default 600 a minute,
/// far above what a person reads; `baton apns serve --token-limit N`), counted over all connections.
public final class DeviceTokenRateLimit: Sendable {
    /// The default: 600 pushes a minute to one token.
    public static let defaultPushes = 600
    public let pushes: Int
    public let window: TimeInterval
    private let recent = Mutex<[String: [Date]]>([:])

    /// At most `pushes` (0: no limit) in any `window` seconds per device token.
    public init(pushes: Int = DeviceTokenRateLimit.defaultPushes, window: TimeInterval = 60) {
        self.pushes = pushes
        self.window = window
    }

    /// Counts a push to `token` at `now`, or throws 429 TooManyRequests when the token had its `pushes` in the
    /// last `window` seconds (a refused push does not count).
    public func admit(_ token: String, now: Date) throws(APNsRejection) {
        guard pushes > 0 else { return }
        let window = window
        let pushes = pushes
        let admitted: Bool = recent.withLock { recent in
            // Forget what left the window, and tokens with nothing left in it.
            recent = recent.compactMapValues { times in
                let kept = times.filter { now.timeIntervalSince($0) < window }
                return kept.isEmpty ? nil : kept
            }
            var times = recent[token] ?? []
            guard times.count < pushes else { return false }
            times.append(now)
            recent[token] = times
            return true
        }
        if !admitted {
            throw APNsRejection(
                429, "TooManyRequests", detail: "over \(pushes) pushes in \(Int(window)) s to one token")
        }
    }
}
