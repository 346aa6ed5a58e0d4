import TextWidth

/// Collects the content of a `<pre>` block: lines kept as written, tabs expanded to 8 columns.
struct PreformattedBuffer {
    private var lines: [[TextSpan]] = []
    private var current: [TextSpan] = []
    private var column = 0
    private var anchors: [(name: String, line: Int)] = []

    mutating func appendAnchor(_ name: String) {
        anchors.append((name, lines.count))
    }

    mutating func appendLineBreak() {
        lines.append(current)
        current = []
        column = 0
    }

    mutating func append(_ text: String, style: SpanStyle) {
        var segment = ""
        for character in text {
            switch character {
            case "\n", "\r\n", "\r":
                flush(&segment, style: style)
                appendLineBreak()
            case "\t":
                let spaces = 8 - column % 8
                segment += String.spaces(spaces)
                column += spaces
            default:
                segment.append(character)
                column += TextWidth.of(character)
            }
        }
        flush(&segment, style: style)
    }

    private mutating func flush(_ segment: inout String, style: SpanStyle) {
        guard !segment.isEmpty else { return }
        if let last = current.last, last.style == style {
            current[current.count - 1].text += segment
        } else {
            current.append(TextSpan(text: segment, style: style))
        }
        segment = ""
    }

    /// The finished block; a trailing empty line (the newline before `</pre>`) is dropped.
    mutating func finish() -> PreformattedBlock {
        if !current.isEmpty { appendLineBreak() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        defer { self = PreformattedBuffer() }
        return PreformattedBlock(lines: lines, anchors: anchors)
    }
}
