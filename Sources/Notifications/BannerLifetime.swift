import Foundation
import Wire

/// How long a notification's banner stays, asked by `baton notify --sticky` / `--expire 20s` (as
/// `notify-send --expire-time`): carried in the content's `userInfo` under `key`, read by the suite. It is the
/// banner's time only: the notification stays in the list either way.
public enum BannerLifetime {
    /// `userInfo` key: "sticky" (until acted on, dismissed or put away) or a number of seconds.
    public static let key = "baton.banner"
    /// What "sticky" stands for: longer than any session.
    public static let stickySeconds = 10.0 * 365 * 86_400

    /// The seconds `userInfo` asks for, if it asks (a positive number, or "sticky").
    public static func seconds(in userInfo: [String: PropertyListValue]) -> Double? {
        switch userInfo[key] {
        case .string("sticky"): stickySeconds
        case .double(let seconds) where seconds > 0 && seconds.isFinite: seconds
        case .int(let seconds) where seconds > 0: Double(seconds)
        default: nil
        }
    }
}
