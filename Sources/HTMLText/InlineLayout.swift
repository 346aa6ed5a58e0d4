import TextWidth

/// Fills lines greedily with a paragraph's tokens: words that do not fit move to the next line,
/// words wider than the line are broken by display width.
struct InlineLayout {
    let width: Int
    let indent: Int
    /// The paragraph's UTF-8 text, valid while `layout` runs.
    private let text: UnsafeBufferPointer<UInt8>
    /// The paragraph's styles (`InlineToken.style` indexes them).
    private let styles: [SpanStyle]

    /// The finished spans of the current line.
    private var spans: [TextSpan] = []
    /// The UTF-8 text of the span being filled, in two parts: bytes already copied, then `uncopied`, a range of
    /// the paragraph's text not copied yet. Words that follow each other in the source (with the space
    /// between them) only extend `uncopied`, so most spans become one copy when they close.
    private var current: [UInt8] = []
    private var uncopied: Range<Int>?
    /// The style of the span being filled (an index into `styles`); nil when none is open.
    private var currentStyle: UInt32?
    private var used = 0

    private init(width: Int, indent: Int, text: UnsafeBufferPointer<UInt8>, styles: [SpanStyle]) {
        self.width = max(1, width)
        self.indent = indent
        self.text = text
        self.styles = styles
    }

    /// Lays out `content` into `writer`.
    static func layout(_ content: InlineContent, width: Int, indent: Int, into writer: inout LineWriter) {
        content.text.withUnsafeBufferPointer { text in
            content.items.withUnsafeBufferPointer { items in
                var layout = InlineLayout(width: width, indent: indent, text: text, styles: content.styles)
                layout.run(items, anchors: content.anchors, into: &writer)
            }
        }
    }

    private var lineIsEmpty: Bool { spans.isEmpty && currentStyle == nil }

    private mutating func run(
        _ items: UnsafeBufferPointer<InlineItem>, anchors: [String], into writer: inout LineWriter
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
                var groupWidth = Int(first.width)
                while end < count, let width = Self.gluedWidth(items[end]) {
                    groupWidth += width
                    end += 1
                }
                let space = first.join == .space && used > 0 ? 1 : 0
                if used + space + groupWidth > width, used > 0 {
                    flush(into: &writer, force: false)
                } else if space == 1 {
                    useStyle(isCurrent(first.style) ? first.style : InlineContent.plainStyle)
                    appendSpace()
                    used += 1
                }
                place(first, into: &writer)
                for next in (index + 1)..<end {
                    if case .token(let token) = items[next] { place(token, into: &writer) }
                }
                brokeLine = false
                index = end
            }
        }
        if !lineIsEmpty || !brokeLine { flush(into: &writer, force: false) }
    }

    /// The width of a token glued to the one before it; nil for anything else.
    private static func gluedWidth(_ item: InlineItem) -> Int? {
        if case .token(let token) = item, token.join == .glued { return Int(token.width) }
        return nil
    }

    private mutating func place(_ token: InlineToken, into writer: inout LineWriter) {
        let range = token.range
        if used + Int(token.width) <= width {
            useStyle(token.style)
            if let pending = uncopied, pending.upperBound == range.lowerBound {
                uncopied = pending.lowerBound..<range.upperBound
            } else {
                copyRun()
                uncopied = range
            }
            used += Int(token.width)
        } else {
            appendBroken(String(decoding: text[range], as: UTF8.self), style: token.style, into: &writer)
        }
    }

    /// A space in the open span: the source's own space after `uncopied` when there is one (so the next word
    /// can extend it), else a copied one.
    private mutating func appendSpace() {
        if let pending = uncopied, pending.upperBound < text.count, text[pending.upperBound] == 0x20 {
            uncopied = pending.lowerBound..<(pending.upperBound + 1)
        } else {
            copyRun()
            current.append(0x20)
        }
    }

    /// Copies `uncopied` into `current`.
    private mutating func copyRun() {
        guard let pending = uncopied else { return }
        current.append(contentsOf: UnsafeBufferPointer(rebasing: text[pending]))
        uncopied = nil
    }

    /// Breaks a token wider than the line at display-width boundaries.
    private mutating func appendBroken(
        _ word: String, style: UInt32, into writer: inout LineWriter
    ) {
        var rest = Substring(word)
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
            copyRun()
            current.append(contentsOf: piece.text.utf8)
            used += piece.width
            rest = rest[piece.text.endIndex...]
        }
    }

    /// True when the open span has `style` (the same index or an equal style).
    private func isCurrent(_ style: UInt32) -> Bool {
        guard let currentStyle else { return false }
        return currentStyle == style || styles[Int(currentStyle)] == styles[Int(style)]
    }

    /// Continues the open span if it has `style`; otherwise ends it and starts one in `style`.
    private mutating func useStyle(_ style: UInt32) {
        guard !isCurrent(style) else { return }
        closeSpan()
        currentStyle = style
    }

    private mutating func closeSpan() {
        guard let style = currentStyle else { return }
        let string: String
        if current.isEmpty, let pending = uncopied {
            string = String(decoding: text[pending], as: UTF8.self)
            uncopied = nil
        } else {
            copyRun()
            string = String(decoding: current, as: UTF8.self)
            current.removeAll(keepingCapacity: true)
        }
        spans.append(TextSpan(text: string, style: styles[Int(style)]))
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
