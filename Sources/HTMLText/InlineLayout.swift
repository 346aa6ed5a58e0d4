import TextWidth

/// Fills lines greedily with a paragraph's tokens: words that do not fit move to the next line,
/// words wider than the line are broken by display width.
struct InlineLayout {
    let width: Int
    let indent: Int

    private var spans: [TextSpan] = []
    private var used = 0
    private var lastStyle: SpanStyle?

    init(width: Int, indent: Int) {
        self.width = max(1, width)
        self.indent = indent
    }

    /// Lays out `items` into `writer`.
    static func layout(_ items: [InlineItem], width: Int, indent: Int, into writer: inout LineWriter) {
        var layout = InlineLayout(width: width, indent: indent)
        layout.run(items, into: &writer)
    }

    private mutating func run(_ items: [InlineItem], into writer: inout LineWriter) {
        var index = 0
        var brokeLine = false
        while index < items.count {
            switch items[index] {
            case .anchor(let name):
                writer.anchor(name)
                index += 1
            case .lineBreak:
                flush(into: &writer, force: true)
                brokeLine = true
                index += 1
            case .token(let first):
                // A group is a token and the tokens glued to it: they move to a new line together.
                var end = index + 1
                var groupWidth = first.width
                while end < items.count, case .token(let next) = items[end], next.join == .glued {
                    groupWidth += next.width
                    end += 1
                }
                place(items[index..<end], groupWidth: groupWidth, join: first.join, into: &writer)
                brokeLine = false
                index = end
            }
        }
        if !spans.isEmpty || !brokeLine { flush(into: &writer, force: false) }
    }

    private mutating func place(
        _ group: ArraySlice<InlineItem>, groupWidth: Int, join: TokenJoin, into writer: inout LineWriter
    ) {
        let space = join == .space && used > 0 ? 1 : 0
        if used + space + groupWidth > width, used > 0 {
            flush(into: &writer, force: false)
        } else if space == 1, case .token(let token) = group.first {
            append(" ", width: 1, style: lastStyle == token.style ? token.style : .plain)
        }
        for case .token(let token) in group {
            if used + token.width <= width {
                append(token.text, width: token.width, style: token.style)
            } else {
                appendBroken(token, into: &writer)
            }
        }
    }

    /// Breaks a token wider than the line at display-width boundaries.
    private mutating func appendBroken(_ token: InlineToken, into writer: inout LineWriter) {
        var rest = Substring(token.text)
        while !rest.isEmpty {
            if used >= width { flush(into: &writer, force: false) }
            var piece = TextWidth.prefix(rest, fitting: width - used)
            if piece.text.isEmpty {
                if used > 0 {
                    flush(into: &writer, force: false)
                    continue
                }
                // A character wider than the whole line: place it anyway.
                piece = (rest.prefix(1), TextWidth.of(rest.prefix(1)))
            }
            append(String(piece.text), width: piece.width, style: token.style)
            rest = rest[piece.text.endIndex...]
        }
    }

    private mutating func append(_ text: String, width: Int, style: SpanStyle) {
        if lastStyle == style, !spans.isEmpty {
            spans[spans.count - 1].text += text
        } else {
            spans.append(TextSpan(text: text, style: style))
        }
        lastStyle = style
        used += width
    }

    private mutating func flush(into writer: inout LineWriter, force: Bool) {
        guard force || !spans.isEmpty else { return }
        writer.write(spans, indent: spans.isEmpty ? 0 : indent)
        spans = []
        used = 0
        lastStyle = nil
    }
}
