import Foundation

/// How long a continue request mailed to another machine may wait to be taken. The target's daemon gives up after
/// its continue timeout (5 s, or `continue-ms` in `BATON_DAEMON_LIMITS`, which the link inherits from the daemon
/// that starts it); the source must take the mail, ask its app and mail the answer back before then, so a request
/// is taken only within the first 60 % of that time (the rest is left for the way back).
enum ContinuePatience {
    static let defaultTimeoutMilliseconds: Int64 = 5000

    /// The target daemon's continue timeout, from the environment the link runs in.
    static func timeoutMilliseconds(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Int64 {
        for item in (environment["BATON_DAEMON_LIMITS"] ?? "").split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == "continue-ms", let value = Int64(pair[1]), value > 0 { return value }
        }
        return defaultTimeoutMilliseconds
    }

    /// The deadline a continue mail carries.
    static var mailMilliseconds: Int64 { timeoutMilliseconds() * 6 / 10 }
}
