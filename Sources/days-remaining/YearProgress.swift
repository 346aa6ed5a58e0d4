import WidgetExtensionKit

/// Where a moment falls in its year: the sentences and figures Days Remaining shows.
struct YearProgress {
    let date: CivilDate
    /// Seconds since local midnight (0 ..< 86 400).
    let secondsIntoDay: Int

    init(epochSeconds: Double, utcOffsetSeconds: Int) {
        date = CivilDate(epochSeconds: epochSeconds, utcOffsetSeconds: utcOffsetSeconds)
        let local = Int((epochSeconds + Double(utcOffsetSeconds)).rounded(.down))
        secondsIntoDay = ((local % 86_400) + 86_400) % 86_400
    }

    /// Days left in the year after today.
    var daysRemaining: Int { date.daysInYear - date.ordinal }

    /// "Today is day N. There are M days remaining in the year." and its singular and zero forms.
    var sentence: String {
        let today = "Today is day \(date.ordinal)."
        switch daysRemaining {
        case 0: return "\(today) There are no days remaining in the year."
        case 1: return "\(today) There is one day remaining in the year."
        default: return "\(today) There are \(daysRemaining) days remaining in the year."
        }
    }

    /// The share of the year gone, 0…1, counting today's elapsed hours.
    var fractionGone: Double {
        (Double(date.ordinal - 1) + Double(secondsIntoDay) / 86_400) / Double(date.daysInYear)
    }

    /// The share gone as a percentage with one decimal, "97.3%".
    var percentGone: String {
        let tenths = Int((fractionGone * 1000).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A bar of `width` columns, filled in proportion to the year gone.
    func bar(width: Int) -> String {
        let inner = max(width - 2, 1)
        let filled = min(Int((fractionGone * Double(inner)).rounded(.down)), inner)
        return "[" + String(repeating: "█", count: filled)
            + String(repeating: "░", count: inner - filled) + "]"
    }

    /// The lines for the compact or expanded display.
    func lines(mode: WidgetDisplayMode, width: Int) -> [String] {
        let compact = wrap(sentence, width: width)
        guard mode == .expanded else { return compact }
        let week = "ISO week \(date.isoWeek) · \(percentGone) of the year gone"
        let label = " \(percentGone)"
        return compact + [bar(width: max(width - label.count, 3)) + label] + wrap(week, width: width)
    }
}

/// Breaks text at spaces so no line is wider than `width` (all of this text is one column per character).
func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [text] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
        if current.isEmpty {
            current = String(word)
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}
