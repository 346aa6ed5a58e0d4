import BatonEnvironment
import Foundation
import Notifications
import TerminalUI
import TextWidth

/// How notification text from outside (a push, another app) is made safe and fitted for the terminal:
/// control characters and escape sequences are shown escaped (`\u{1b}`), never written raw.
public enum NotificationText {
    /// The most bytes of one field kept for display (a 10 000-character body is cut, with its size noted).
    public static let fieldLimit = 2048

    /// `text` with control characters escaped and cut to `fieldLimit` bytes.
    public static func shown(_ text: String) -> String { BoundedQuote.escaped(text, limit: fieldLimit) }

    /// `text` on one line (a list row): line breaks and tabs are spaces; the rest as `shown`.
    public static func oneLine(_ text: String) -> String {
        shown(
            text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\t", with: " "))
    }

    /// A body as shown: a line break starts a new line and a tab is a space (they are text); other control
    /// characters and escape sequences stay escaped. Each line is wrapped at `width` columns; at most `maxLines`
    /// lines in all, the last ending with "…" when text is left over.
    public static func body(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var paragraphs = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\t", with: " ")
            .split(separator: "\n", omittingEmptySubsequences: false)
        while paragraphs.last?.allSatisfy({ $0 == " " }) == true { paragraphs.removeLast() }
        var lines: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let room = maxLines - lines.count
            let wrapped = wrap(shown(String(paragraph)), width: width, maxLines: room)
            lines += wrapped.isEmpty ? [""] : wrapped
            guard lines.count >= maxLines else { continue }
            if index < paragraphs.count - 1, let last = lines.popLast() {
                // Lines left over: the last shown one says so (unless its own wrap already did).
                let room = max(0, width - 1)
                lines.append(
                    last.hasSuffix("…")
                        ? last
                        : TextWidth.of(last) <= room
                            ? last + "…" : String(TextWidth.prefix(last, fitting: room).text) + "…")
            }
            break
        }
        return lines
    }

    /// A marked-up body (`BodyMarkup.runs`) laid out as `body` lays out its plain text, each character in its
    /// run's style on top of `base`: the lines are `body`'s, and the styles follow their characters (an
    /// ellipsis `body` adds is in `base`).
    public static func styledBody(_ runs: [BodyMarkup.Run], width: Int, maxLines: Int, base: Style) -> [StyledLine] {
        var styled: [(Character, Style)] = []
        for run in runs {
            var attributes: TextAttributes = []
            if run.bold { attributes.insert(.bold) }
            if run.italic { attributes.insert(.italic) }
            if run.underline { attributes.insert(.underline) }
            let text = run.text.replacingOccurrences(of: "\r\n", with: "\n")
            for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                for character in shown(String(piece)) where !character.isWhitespace {
                    styled.append((character, base.adding(attributes)))
                }
            }
        }
        var next = 0
        let plain = runs.map(\.text).joined()
        return body(plain, width: width, maxLines: maxLines).map { line in
            var pieces: [StyledLine.Run] = []
            for character in line {
                var style = base
                if !character.isWhitespace, next < styled.count, styled[next].0 == character {
                    style = styled[next].1
                    next += 1
                }
                if let last = pieces.last, last.style == style {
                    pieces[pieces.count - 1].text.append(character)
                } else {
                    pieces.append(StyledLine.Run(String(character), style))
                }
            }
            return StyledLine(pieces)
        }
    }

    /// `text` (already escaped) wrapped at `width` columns into at most `maxLines` lines; the last line that
    /// cuts text ends with "…".
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var cut = false
        outer: for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var piece = String(word)
            while !piece.isEmpty {
                let pieceWidth = TextWidth.of(piece)
                let needed = currentWidth == 0 ? pieceWidth : currentWidth + 1 + pieceWidth
                if needed <= width {
                    current += (currentWidth == 0 ? "" : " ") + piece
                    currentWidth = needed
                    piece = ""
                } else if currentWidth > 0 {
                    lines.append(current)
                    (current, currentWidth) = ("", 0)
                } else {
                    // A word longer than the line is broken.
                    let head = TextWidth.prefix(piece, fitting: width).text
                    let taken = head.isEmpty ? String(piece.prefix(1)) : String(head)
                    lines.append(taken)
                    piece = String(piece.dropFirst(taken.count))
                }
                if lines.count == maxLines {
                    cut = !piece.isEmpty || currentWidth > 0
                    break outer
                }
            }
        }
        if lines.count < maxLines, currentWidth > 0 {
            lines.append(current)
        } else if currentWidth > 0 {
            cut = true
        }
        if cut, let last = lines.popLast() {
            let room = max(0, width - 1)
            lines.append(
                TextWidth.of(last) <= room ? last + "…" : String(TextWidth.prefix(last, fitting: room).text) + "…")
        }
        return lines
    }

    /// How long ago `date` was, as banners and the center show it: "now", "5m", "2h", "3d".
    public static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        default: return "\(seconds / 86_400)d"
        }
    }
}
