import Foundation
import Synchronization

/// ntfy's per-visitor request limit: each client (by address) has a bucket of `burst` requests, refilled by one
/// every `refill` seconds (ntfy's defaults: 60, and one every 5 s); a request with none left is 429 (42901).
/// Buckets are per client, so one client's flood never takes another's requests; at most `maxClients` are
/// remembered (the fullest go first: they are the ones a new bucket would equal).
public final class NtfyRateLimit: Sendable {
    public let burst: Int
    public let refill: TimeInterval
    public let maxClients: Int
    private let buckets = Mutex<[String: (tokens: Double, at: Date)]>([:])

    public init(burst: Int = 60, refill: TimeInterval = 5, maxClients: Int = 10_000) {
        self.burst = burst
        self.refill = refill
        self.maxClients = maxClients
    }

    /// Takes one request of `client`'s at `now`, or throws 429.
    public func admit(_ client: String, now: Date) throws(NtfyError) {
        let burst = Double(burst)
        let refill = refill
        let admitted = buckets.withLock { buckets -> Bool in
            var bucket = buckets[client] ?? (burst, now)
            bucket.tokens = min(burst, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) / refill)
            bucket.at = now
            guard bucket.tokens >= 1 else {
                buckets[client] = bucket
                return false
            }
            bucket.tokens -= 1
            buckets[client] = bucket
            if buckets.count > maxClients, let fullest = buckets.max(by: { $0.value.tokens < $1.value.tokens }) {
                buckets.removeValue(forKey: fullest.key)
            }
            return true
        }
        if !admitted { throw .tooManyRequests }
    }
}
