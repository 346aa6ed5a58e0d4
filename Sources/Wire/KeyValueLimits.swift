import Foundation

/// The key-value store's limits (Apple's NSUbiquitousKeyValueStore limits) and how sizes are measured.
///
/// A key-value pair's size is the bytes it takes on the wire: the key as a JSON string plus the value's
/// `encodedSize`. The quota, 1 000 000 bytes, keeps any single key-value pair in one frame
/// (`WireLimits.maxFrameBytes`); a whole store with its revisions, times and writers is sent in pieces
/// (`KeyValueSnapshot.pieces`).
public enum KeyValueLimits {
    /// The most bytes the store may hold, keys and values together.
    public static let maxTotalBytes = 1_000_000
    /// The most keys the store may hold.
    public static let maxKeys = 1024
    /// The longest key, in UTF-8 bytes.
    public static let maxKeyBytes = 64

    /// The size of one pair as the quota counts it.
    public static func size(key: String, value: PropertyListValue) -> Int {
        keyBytes(key) + value.encodedSize
    }

    /// The size of a pair whose value is already encoded (`valueJSON`, the value's JSON encoding).
    public static func size(key: String, valueJSON: Data) -> Int {
        keyBytes(key) + valueJSON.count
    }

    private static func keyBytes(_ key: String) -> Int {
        (try? JSONEncoder().encode(key).count) ?? key.utf8.count + 2
    }

    /// Checks a key on its own.
    public static func validate(key: String) throws(KeyValueStoreError) {
        if key.isEmpty { throw .emptyKey }
        let bytes = key.utf8.count
        // The refusal names the key's start only: it travels back to the writer, and a key can be a megabyte.
        if bytes > maxKeyBytes { throw .keyTooLong(key: String(key.prefix(80)), bytes: bytes, limit: maxKeyBytes) }
    }

    /// Checks that `value` is a property-list value: no null, no set, no URL, only finite numbers.
    public static func validate(value: PropertyListValue, key: String) throws(KeyValueStoreError) {
        switch value {
        case .string, .int, .bool, .date, .data: return
        case .double(let number):
            if !number.isFinite { throw .unsupportedValue(key: key, reason: "\(number) is not a finite number") }
        case .null: throw .unsupportedValue(key: key, reason: "null is not a property-list value; remove the key")
        case .set: throw .unsupportedValue(key: key, reason: "a set is not a property-list value; use an array")
        case .url:
            throw .unsupportedValue(key: key, reason: "a URL is not a property-list value; store its absoluteString")
        case .array(let items):
            for item in items { try validate(value: item, key: key) }
        case .dictionary(let entries):
            for item in entries.values { try validate(value: item, key: key) }
        }
    }

    /// Checks writing `value` (nil: removing) under `key` into a store that holds `count` keys and `total`
    /// bytes, where `previous` is the key's current value. Returns the store's new total size.
    public static func admit(
        key: String, value: PropertyListValue?, previous: PropertyListValue?, count: Int, total: Int
    ) throws(KeyValueStoreError) -> Int {
        try admit(
            key: key, value: value, size: value.map { size(key: key, value: $0) } ?? 0,
            previousSize: previous.map { size(key: key, value: $0) }, count: count, total: total)
    }

    /// `admit(key:value:previous:count:total:)` with the sizes already measured (`size(key:value:)`;
    /// `size` is not read when removing, `previousSize` is nil when the key is absent), for a caller that
    /// keeps them.
    public static func admit(
        key: String, value: PropertyListValue?, size: Int, previousSize: Int?, count: Int, total: Int
    ) throws(KeyValueStoreError) -> Int {
        try validate(key: key)
        let released = previousSize ?? 0
        guard let value else { return total - released }
        try validate(value: value, key: key)
        if previousSize == nil, count >= maxKeys { throw .tooManyKeys(key: key, limit: maxKeys) }
        let newTotal = total - released + size
        if newTotal > maxTotalBytes { throw .quotaExceeded(key: key, size: newTotal, limit: maxTotalBytes) }
        return newTotal
    }
}
