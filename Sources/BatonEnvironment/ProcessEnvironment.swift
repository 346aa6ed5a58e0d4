import Foundation

/// Named variables of the process's environment, read with `getenv`. `ProcessInfo.processInfo.environment`
/// copies the whole environment into a dictionary of Swift strings first: 0.6 ms of every command's start,
/// for the few variables a command reads.
public enum ProcessEnvironment {
    /// The variable's value, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables of `names` that are set, for the APIs that take an environment dictionary.
    public static func subset(_ names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in names {
            if let value = value(name) { found[name] = value }
        }
        return found
    }
}
