/// How an ordered list counts: style, first number and direction.
struct ListNumbering: Sendable {
    /// The `type` attribute of an `ol`.
    enum Style: Sendable {
        case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman

        init(typeAttribute: String?) {
            switch typeAttribute {
            case "a": self = .lowerAlpha
            case "A": self = .upperAlpha
            case "i": self = .lowerRoman
            case "I": self = .upperRoman
            default: self = .decimal
            }
        }
    }

    var style: Style
    var start: Int?
    var reversed: Bool

    /// A `start` or `value` attribute as a number, kept within ±1 000 000 000 so counting never overflows.
    static func number(_ attribute: String) -> Int? {
        guard let value = Int(attribute.trimmingHTMLWhitespace) else { return nil }
        return min(max(value, -1_000_000_000), 1_000_000_000)
    }

    /// The marker text ("3.", "c.", "iv.") for each item, honouring `<li value>`.
    func markers(for items: [ListItemBlock]) -> [String] {
        var next = start ?? (reversed ? items.count : 1)
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            let number = item.value ?? next
            result.append(format(number) + ".")
            next = reversed ? number - 1 : number + 1
        }
        return result
    }

    func format(_ number: Int) -> String {
        switch style {
        case .decimal: return String(number)
        case .lowerAlpha: return Self.alphabetic(number).lowercased()
        case .upperAlpha: return Self.alphabetic(number)
        case .lowerRoman: return Self.roman(number).lowercased()
        case .upperRoman: return Self.roman(number)
        }
    }

    /// A, B, … Z, AA, AB, … (decimal for numbers below 1).
    static func alphabetic(_ number: Int) -> String {
        guard number >= 1 else { return String(number) }
        var value = number
        var letters: [Character] = []
        while value > 0 {
            value -= 1
            letters.append(Character(Unicode.Scalar(UInt8(65 + value % 26))))
            value /= 26
        }
        return String(letters.reversed())
    }

    /// Roman numerals for 1...3999 (decimal outside that range).
    static func roman(_ number: Int) -> String {
        guard number >= 1, number < 4000 else { return String(number) }
        let table: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var value = number
        var out = ""
        for (amount, symbol) in table {
            while value >= amount {
                out += symbol
                value -= amount
            }
        }
        return out
    }
}
