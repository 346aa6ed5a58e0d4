/// Why the key-value store refused a write. The client checks first; the daemon checks again and is authoritative.
public enum KeyValueStoreError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The key is the empty string.
    case emptyKey
    /// The key is longer than `KeyValueLimits.maxKeyBytes` in UTF-8.
    case keyTooLong(key: String, bytes: Int, limit: Int)
    /// A new key would exceed `KeyValueLimits.maxKeys`.
    case tooManyKeys(key: String, limit: Int)
    /// The store would exceed `KeyValueLimits.maxTotalBytes`.
    case quotaExceeded(key: String, size: Int, limit: Int)
    /// The value is not a property-list value (null, sets, URLs, non-finite numbers).
    case unsupportedValue(key: String, reason: String)
    /// The daemon could not store the write (a database failure); the write is kept and retried.
    case storageFailed(key: String, reason: String)

    /// The key the error is about (empty for `emptyKey`).
    public var key: String {
        switch self {
        case .emptyKey: ""
        case .keyTooLong(let key, _, _), .tooManyKeys(let key, _), .quotaExceeded(let key, _, _),
            .unsupportedValue(let key, _), .storageFailed(let key, _):
            key
        }
    }

    /// Whether the write broke one of the store's limits (key length, key count, total size): these are
    /// announced as a quota-violation change as well as thrown.
    public var isQuotaViolation: Bool {
        switch self {
        case .keyTooLong, .tooManyKeys, .quotaExceeded: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .emptyKey:
            "a key cannot be empty"
        case .keyTooLong(let key, let bytes, let limit):
            "key '\(key.prefix(80))' is \(bytes) bytes long; keys are limited to \(limit) UTF-8 bytes"
        case .tooManyKeys(let key, let limit):
            "cannot add key '\(key)': the store already holds its limit of \(limit) keys"
        case .quotaExceeded(let key, let size, let limit):
            "cannot store '\(key)': the store would hold \(size) bytes, over its \(limit)-byte quota"
        case .unsupportedValue(let key, let reason):
            "cannot store '\(key)': \(reason)"
        case .storageFailed(let key, let reason):
            "the daemon could not store '\(key)': \(reason)"
        }
    }
}
