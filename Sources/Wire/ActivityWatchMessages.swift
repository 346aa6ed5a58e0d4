import Foundation

/// Client → daemon: tell this connection every device's current activity now, and every change after it
/// (`ActivityChanged`). The account link watches so it can mirror this machine's offers to other machines.
public struct ActivitiesWatch: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public init(requestID: UInt64) { self.requestID = requestID }
}

/// Daemon → a watcher: `device` (process `pid`, with `apps`) now offers `activity`; nil when it withdrew its
/// activity or left.
public struct ActivityChanged: Codable, Hashable, Sendable {
    public var device: String
    public var pid: Int32
    public var apps: [AppDescriptor]
    public var activity: Advertisement?

    public init(device: String, pid: Int32, apps: [AppDescriptor], activity: Advertisement?) {
        self.device = device
        self.pid = pid
        self.apps = apps
        self.activity = activity
    }
}
