import Notifications

/// ntfy's five priorities and their names, and how each is shown in Baton: 1–2 passive and silent, 3 active,
/// 4 time-sensitive, 5 time-sensitive with a banner that stays until dismissed (both 4 and 5 ring).
public enum NtfyPriority {
    /// `1`…`5`, `min`, `low`, `default`, `high`, `max`, `urgent` (any case); nil or empty is 3.
    public static func parse(_ text: String?) throws(NtfyError) -> Int {
        guard let text = text?.trimmingCharacters(in: .whitespaces).lowercased(), !text.isEmpty else { return 3 }
        switch text {
        case "1", "min": return 1
        case "2", "low": return 2
        case "3", "default": return 3
        case "4", "high": return 4
        case "5", "max", "urgent": return 5
        default: throw .priorityInvalid
        }
    }

    /// The interruption level a priority is shown with.
    public static func interruptionLevel(_ priority: Int) -> InterruptionLevel {
        switch priority {
        case ...2: .passive
        case 3: .active
        default: .timeSensitive
        }
    }

    /// Whether a notification of this priority rings (the suite's bell).
    public static func rings(_ priority: Int) -> Bool { priority >= 3 }
}
