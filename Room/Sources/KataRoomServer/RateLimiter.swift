import Foundation

/// Token buckets, one per key: `rate` requests a second on average, bursts of up to `burst`.
final class RateLimiter: @unchecked Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    let rate: Double
    let burst: Double
    private var buckets: [String: Bucket] = [:]
    private let lock = NSLock()

    init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Takes `cost` from the key's bucket; false (nothing taken) when it does not hold that much.
    func allow(_ key: String, cost: Double = 1, now: Date = Date()) -> Bool {
        lock.withLock {
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + now.timeIntervalSince(bucket.updated) * rate)
            bucket.updated = now
            let allowed = bucket.tokens >= cost
            if allowed { bucket.tokens -= cost }
            buckets[key] = bucket
            return allowed
        }
    }

    /// Gives back what ``allow(_:cost:now:)`` took, when the request turned out not to count (up to the burst).
    func refund(_ key: String, cost: Double = 1) {
        lock.withLock {
            guard var bucket = buckets[key] else { return }
            bucket.tokens = min(burst, bucket.tokens + cost)
            buckets[key] = bucket
        }
    }
}
