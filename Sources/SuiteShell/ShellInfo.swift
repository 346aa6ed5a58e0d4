import BatonEnvironment
import Foundation

/// The facts the About screen shows: version, device, clock and the paths in use.
public struct ShellInfo: Sendable {
    public var version: String
    public var device: String
    public var paths: BatonPaths
    public var resources: String?
    public var clockIsFixed: Bool
    public var colorMode: String

    public init(
        version: String, device: String, paths: BatonPaths, resources: String?, clockIsFixed: Bool,
        colorMode: String
    ) {
        self.version = version
        self.device = device
        self.paths = paths
        self.resources = resources
        self.clockIsFixed = clockIsFixed
        self.colorMode = colorMode
    }
}
