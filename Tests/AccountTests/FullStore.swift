import Foundation
import Wire

/// A key-value store filled close to every limit at once: 1024 keys (the most), each 64 bytes long (the
/// longest), whose pairs add up to just under the 1 000 000-byte quota.
enum FullStore {
    /// The writer name the entries carry (long, so the per-entry overhead is realistic).
    static let writer = "a-device-with-a-rather-long-name.example.org:pts-42"

    /// The keys and values, in key order.
    static let pairs: [(key: String, value: PropertyListValue)] = (0..<KeyValueLimits.maxKeys).map { index in
        let key = "favourite-" + String(format: "%04d", index) + String(repeating: "k", count: 50)
        let share = KeyValueLimits.maxTotalBytes / KeyValueLimits.maxKeys
        let length = share - KeyValueLimits.size(key: key, value: .string(""))
        return (key, .string(String(repeating: "v", count: length)))
    }

    /// The pairs as the daemon would hold them.
    static var entries: [KeyValueEntry] {
        pairs.enumerated().map { index, pair in
            KeyValueEntry(
                key: pair.key, value: pair.value, revision: Int64(index + 1),
                modified: Date(timeIntervalSince1970: 1_750_000_000 + Double(index) / 7), writer: writer)
        }
    }

    /// The quota the pairs use.
    static var totalBytes: Int { pairs.reduce(0) { $0 + KeyValueLimits.size(key: $1.key, value: $1.value) } }
}
