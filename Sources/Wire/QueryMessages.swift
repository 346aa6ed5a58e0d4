/// Client → daemon: list the connected devices.
public struct DevicesQuery: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public init(requestID: UInt64) { self.requestID = requestID }
}

/// Daemon → client: the connected devices.
public struct DevicesReply: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var devices: [DeviceSummary]
    /// Every device the daemon remembers (`NotificationService.knownDevices`), connected or not: a push to one that
    /// is away waits for it here. Absent from older daemons.
    public var remembered: [String]?
    public init(requestID: UInt64, devices: [DeviceSummary], remembered: [String]? = nil) {
        self.requestID = requestID
        self.devices = devices
        self.remembered = remembered
    }
}

/// Client → daemon: list what every device offers.
public struct ActivitiesQuery: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public init(requestID: UInt64) { self.requestID = requestID }
}

/// Daemon → client: the current advertisement of every device that has one.
public struct ActivitiesReply: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var activities: [Advertisement]
    public init(requestID: UInt64, activities: [Advertisement]) {
        self.requestID = requestID
        self.activities = activities
    }
}
