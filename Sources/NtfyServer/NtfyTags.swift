import Foundation

/// ntfy's tags: a tag that is an emoji short code (`warning`, `+1`, `tada`) is shown as that emoji before the
/// title, as ntfy's apps show it; the others are listed under the message. The table holds the codes ntfy's
/// documentation and the tools that publish to it use most (its apps know the whole gemoji set; an unknown
/// code is simply a tag).
public enum NtfyTags {
    static let emoji: [String: String] = [
        "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "warning": "⚠️", "rotating_light": "🚨",
        "tada": "🎉", "partying_face": "🥳", "skull": "💀", "heavy_check_mark": "✔️", "white_check_mark": "✅",
        "x": "❌", "no_entry": "⛔", "no_entry_sign": "🚫", "loudspeaker": "📢", "computer": "💻", "cd": "💿",
        "floppy_disk": "💾", "fire": "🔥", "bell": "🔔", "no_bell": "🔕", "smile": "😄", "cry": "😢",
        "sob": "😭", "rage": "😡", "heart": "❤️", "star": "⭐", "sparkles": "✨", "zap": "⚡", "bug": "🐛",
        "rocket": "🚀", "hammer": "🔨", "wrench": "🔧", "gear": "⚙️", "lock": "🔒", "unlock": "🔓", "key": "🔑",
        "mag": "🔍", "bulb": "💡", "memo": "📝", "package": "📦", "inbox_tray": "📥", "outbox_tray": "📤",
        "email": "📧", "envelope": "✉️", "calendar": "📆", "date": "📅", "clock": "🕐", "hourglass": "⌛",
        "alarm_clock": "⏰", "stopwatch": "⏱️", "chart_with_upwards_trend": "📈",
        "chart_with_downwards_trend": "📉", "bar_chart": "📊", "house": "🏠", "car": "🚗", "sunny": "☀️",
        "cloud": "☁️", "umbrella": "☂️", "snowflake": "❄️", "thermometer": "🌡️", "droplet": "💧",
        "ghost": "👻", "robot": "🤖", "alien": "👽", "cat": "🐱", "dog": "🐶", "pig": "🐷", "tv": "📺",
        "phone": "☎️", "iphone": "📱", "link": "🔗", "paperclip": "📎", "triangular_flag_on_post": "🚩",
        "checkered_flag": "🏁", "money_with_wings": "💸", "moneybag": "💰", "eyes": "👀", "wave": "👋",
        "clap": "👏", "pray": "🙏", "muscle": "💪", "ok_hand": "👌", "100": "💯", "boom": "💥",
        "heavy_exclamation_mark": "❗", "exclamation": "❗", "question": "❓", "information_source": "ℹ️",
        "stop_sign": "🛑", "construction": "🚧", "recycle": "♻️", "arrow_up": "⬆️", "arrow_down": "⬇️",
        "green_circle": "🟢", "red_circle": "🔴", "yellow_circle": "🟡", "large_blue_circle": "🔵",
        "hourglass_flowing_sand": "⏳", "electric_plug": "🔌", "battery": "🔋", "satellite": "📡",
        "globe_with_meridians": "🌐", "shield": "🛡️", "whale": "🐳", "penguin": "🐧", "snake": "🐍",
        "coffee": "☕", "beer": "🍺", "pizza": "🍕", "trophy": "🏆", "medal": "🏅", "gift": "🎁",
    ]

    /// A comma-separated list (`Tags: warning,backup`), trimmed, empty items dropped.
    public static func parse(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The tags that are emoji codes, as emoji, and the others as they are.
    public static func split(_ tags: [String]) -> (emoji: [String], other: [String]) {
        var emoji: [String] = []
        var other: [String] = []
        for tag in tags {
            if let symbol = Self.emoji[tag.lowercased()] { emoji.append(symbol) } else { other.append(tag) }
        }
        return (emoji, other)
    }
}
