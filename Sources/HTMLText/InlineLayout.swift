import TextWidth

/// Fills lines greedily with a paragraph's tokens: words that do not fit move to the next line,
/// words wider than the line are broken by display width.
struct InlineLayout {
    let width: Int
    let indent: Int

    /// The finished spans of the current line.
    private var spans: [TextSpan] = []
    /// The UTF-8 text of the span being filled (one allocation per span, not one append per word).
    private var current: [UInt8] = []
    /// The style of the span being filled; nil when none is open.
    private var currentStyle: SpanStyle?
    private var used = 0

    init(width: Int, indent: Int) {
        self.width = max(1, width)
        self.indent = indent
    }

    /// Lays out `content` into `writer`.
    static func layout(_ content: InlineContent, width: Int, indent: Int, into writer: inout LineWriter) {
        var layout = InlineLayout(width: width, indent: indent)
        content.text.withUnsafeBufferPointer { text in
            content.items.withUnsafeBufferPointer { items in
                layout.run(items, text: text, anchors: content.anchors, into: &writer)
            }
        }
    }

    private var lineIsEmpty: Bool { spans.isEmpty && currentStyle == nil }

    private mutating func run(
        _ items: UnsafeBufferPointer<InlineItem>, text: UnsafeBufferPointer<UInt8>, anchors: [String],
        into writer: inout LineWriter
    ) {
        var index = 0
        var brokeLine = false
        let count = items.count
        while index < count {
            switch items[index] {
            case .anchor(let number):
                writer.anchor(anchors[number])
                index += 1
            case .lineBreak:
                flush(into: &writer, force: true)
                brokeLine = true
                index += 1
            case .token(let first):
                // A group is a token and the tokens glued to it: they move to a new line together.
                var end = index + 1
                var groupWidth = first.width
                while end < count, let width = Self.gluedWidth(items[end]) {
                    groupWidth += width
                    end += 1
                }
                let space = first.join == .space && used > 0 ? 1 : 0
                if used + space + groupWidth > width, used > 0 {
                    flush(into: &writer, force: false)
                } else if space == 1 {
                    useStyle(currentStyle == first.style ? first.style : .plain)
                    current.append(0x20)
                    used += 1
                }
                place(first, text: text, into: &writer)
                for next in (index + 1)..<end {
                    if case .token(let token) = items[next] { place(token, text: text, into: &writer) }
                }
                brokeLine = false
                index = end
            }
        }
        if !lineIsEmpty || !brokeLine { flush(into: &writer, force: false) }
    }

    /// The width of a token glued to the one before it; nil for anything else.
    private static func gluedWidth(_ item: InlineItem) -> Int? {
        if case .token(let token) = item, token.join == .glued { return token.width }
        return nil
    }

    private mutating func place(_ token: InlineToken, text: UnsafeBufferPointer<UInt8>, into writer: inout LineWriter) {
        let bytes = UnsafeBufferPointer(rebasing: text[token.start..<(token.start + token.length)])
        if used + token.width <= width {
            useStyle(token.style)
            current.append(contentsOf: bytes)
            used += token.width
        } else {
            appendBroken(String(decoding: bytes, as: UTF8.self), style: token.style, into: &writer)
        }
    }

    /// Breaks a token wider than the line at display-width boundaries.
    private mutating func appendBroken(_ text: String, style: SpanStyle, into writer: inout LineWriter) {
        var rest = Substring(text)
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
            useStyle(style)
            current.append(contentsOf: piece.text.utf8)
            used += piece.width
            rest = rest[piece.text.endIndex...]
        }
    }

    /// Continues the open span if it has `style`; otherwise ends it and starts one in `style`.
    private mutating func useStyle(_ style: SpanStyle) {
        guard currentStyle != style else { return }
        closeSpan()
        currentStyle = style
    }

    private mutating func closeSpan() {
        guard let style = currentStyle else { return }
        spans.append(TextSpan(text: String(decoding: current, as: UTF8.self), style: style))
        current.removeAll(keepingCapacity: true)
        currentStyle = nil
    }

    private mutating func flush(into writer: inout LineWriter, force: Bool) {
        closeSpan()
        guard force || !spans.isEmpty else { return }
        let indent = spans.isEmpty ? 0 : indent
        var line: [TextSpan] = []
        swap(&line, &spans)
        writer.write(line, indent: indent)
        used = 0
    }
}
