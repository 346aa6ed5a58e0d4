import Foundation

/// Text folded for matching: lower case, without diacritics, with a few letters that have no
/// decomposition spelled out (ø → o, ß → ss, æ → ae, œ → oe, ł → l, đ → d, ı → i).
struct SearchKey: Sendable, Hashable {
    let folded: String
    /// Where words start (after a space, hyphen, apostrophe, slash, comma, period or parenthesis).
    let words: [Substring]

    init(_ text: String) {
        folded = Self.fold(text)
        words = folded.split(whereSeparator: { " -'’/,.()".contains($0) })
    }

    static func fold(_ text: String) -> String {
        let stripped = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(stripped.utf8.count)
        for character in stripped.lowercased() {
            switch character {
            case "ø": result += "o"
            case "ß": result += "ss"
            case "æ": result += "ae"
            case "œ": result += "oe"
            case "ł": result += "l"
            case "đ": result += "d"
            case "ı": result += "i"
            default: result.append(character)
            }
        }
        return result
    }

    /// How well `query` (already folded) matches: 0 whole-text prefix, 1 word prefix, 2 substring.
    func rank(of query: String) -> Int? {
        if folded.hasPrefix(query) { return 0 }
        if words.contains(where: { $0.hasPrefix(query) }) { return 1 }
        if folded.contains(query) { return 2 }
        return nil
    }
}
