import Foundation

/// An app installed on a device, as the daemon needs to know it for routing offers.
public struct AppDescriptor: Codable, Hashable, Sendable {
    public var bundleIdentifier: String
    public var teamIdentifier: String
    public var activityTypes: [String]

    public init(bundleIdentifier: String, teamIdentifier: String, activityTypes: [String]) {
        self.bundleIdentifier = bundleIdentifier
        self.teamIdentifier = teamIdentifier
        self.activityTypes = activityTypes
    }

    /// Whether this app can continue `type` advertised by an app of `team`.
    public func accepts(type: String, team: String) -> Bool {
        teamIdentifier == team && activityTypes.contains(type)
    }
}

/// Client → daemon, first message on a connection: this device, its process and its apps.
public struct RegisterDevice: Codable, Hashable, Sendable {
    public var name: String
    public var pid: Int32
    public var apps: [AppDescriptor]
    /// Set for a device of another machine that the account link shows here (`device@machine`): handoff reaches
    /// it through the link; notifications reach that machine's devices through the link, not this copy.
    public var machine: String?

    public init(name: String, pid: Int32, apps: [AppDescriptor], machine: String? = nil) {
        self.name = name
        self.pid = pid
        self.apps = apps
        self.machine = machine
    }
}

/// Daemon → client: the registration was accepted.
public struct Registered: Codable, Hashable, Sendable {
    public var device: String
    public var daemonPID: Int32
    public var protocolVersion: UInt16

    public init(
        device: String, daemonPID: Int32, protocolVersion: UInt16 = FrameHeader.currentVersion
    ) {
        self.device = device
        self.daemonPID = daemonPID
        self.protocolVersion = protocolVersion
    }
}

/// A connected device as `baton devices` shows it.
public struct DeviceSummary: Codable, Hashable, Sendable {
    public var name: String
    public var pid: Int32
    public var apps: [AppDescriptor]
    public var connectedSince: Date
    public var currentActivity: Advertisement?

    public init(
        name: String, pid: Int32, apps: [AppDescriptor], connectedSince: Date,
        currentActivity: Advertisement?
    ) {
        self.name = name
        self.pid = pid
        self.apps = apps
        self.connectedSince = connectedSince
        self.currentActivity = currentActivity
    }
}
