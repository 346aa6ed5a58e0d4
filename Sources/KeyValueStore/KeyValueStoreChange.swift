/// Why the store's values changed from outside the app (NSUbiquitousKeyValueStoreChangeReasonKey's values).
public enum KeyValueStoreChangeReason: Int, Sendable, Hashable {
    /// Another device (or the CLI) changed the keys.
    case serverChange = 0
    /// The first sync with the daemon filled the local copy.
    case initialSyncChange = 1
    /// A write broke a limit (key length, 1024 keys, 1 MB) and was refused or rolled back.
    case quotaViolationChange = 2
    /// The daemon now serves a different store (its database was replaced): the local copy was replaced.
    case accountChange = 3
}

/// One external change: the reason and the keys whose values changed (NSUbiquitousKeyValueStore's
/// `didChangeExternallyNotification` user info).
public struct KeyValueStoreChange: Sendable, Hashable {
    public var reason: KeyValueStoreChangeReason
    public var changedKeys: [String]

    public init(reason: KeyValueStoreChangeReason, changedKeys: [String]) {
        self.reason = reason
        self.changedKeys = changedKeys
    }
}
