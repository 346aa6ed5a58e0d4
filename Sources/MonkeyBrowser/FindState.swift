import Foundation
import HTMLText
import TextWidth

/// One occurrence of the searched text on a laid-out page.
public struct FindMatch: Hashable, Sendable {
    public var line: Int
    /// First display column.
    public var column: Int
    /// Width in display columns.
    public var width: Int

    public init(line: Int, column: Int, width: Int) {
        self.line = line
        self.column = column
        self.width = width
    }
}

/// Find in page: the query, every match (case-insensitive), and which one is current.
public struct FindState: Hashable, Sendable {
    public private(set) var query: String
    public private(set) var matches: [FindMatch]
    /// Index into `matches` of the match shown; nil when there is none.
    public private(set) var current: Int?

    /// Searches `lines` for `query`; the current match is the first at or below line `top`.
    public init(query: String, lines: [TextLine], from top: Int) {
        self.query = query
        matches = Self.matches(of: query, in: lines)
        current = matches.isEmpty ? nil : (matches.firstIndex { $0.line >= top } ?? 0)
    }

    /// The current match.
    public var currentMatch: FindMatch? { current.map { matches[$0] } }

    /// Moves to the next match, wrapping at the end.
    public mutating func next() {
        guard let current, !matches.isEmpty else { return }
        self.current = (current + 1) % matches.count
    }

    /// Moves to the previous match, wrapping at the start.
    public mutating func previous() {
        guard let current, !matches.isEmpty else { return }
        self.current = (current - 1 + matches.count) % matches.count
    }

    /// Searches again after the page was laid out anew, keeping the current match near line `top`.
    public mutating func relayout(_ lines: [TextLine], top: Int) {
        self = FindState(query: query, lines: lines, from: top)
    }

    /// "3/12", or "no matches".
    public var summary: String {
        guard let current else { return "no matches for \"\(query)\"" }
        return "\(current + 1)/\(matches.count) \"\(query)\""
    }

    static func matches(of query: String, in lines: [TextLine]) -> [FindMatch] {
        guard !query.isEmpty else { return [] }
        var found: [FindMatch] = []
        for (index, line) in lines.enumerated() {
            let text = line.text
            var searchStart = text.startIndex
            while searchStart < text.endIndex,
                let range = text.range(of: query, options: [.caseInsensitive], range: searchStart..<text.endIndex)
            {
                let column = TextWidth.of(String(text[text.startIndex..<range.lowerBound]))
                found.append(FindMatch(line: index, column: column, width: TextWidth.of(String(text[range]))))
                searchStart = range.upperBound > range.lowerBound ? range.upperBound : text.index(after: searchStart)
            }
        }
        return found
    }
}
