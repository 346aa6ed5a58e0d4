import Foundation

/// Why the daemon could not start or serve.
public enum DaemonError: Error, CustomStringConvertible {
    /// A system call failed.
    case system(String, Int32)
    /// Something that is not a socket sits where the socket belongs; it is left alone.
    case socketPathOccupied(String)
    /// The socket a service manager passed (`LISTEN_FDS`) is not one the daemon may serve.
    case activation(String)

    public var description: String {
        switch self {
        case .system(let what, let code): "cannot \(what): \(String(cString: strerror(code)))"
        case .socketPathOccupied(let path): "\(path) exists and is not a socket; remove it and retry"
        case .activation(let reason): "socket activation: \(reason)"
        }
    }
}
