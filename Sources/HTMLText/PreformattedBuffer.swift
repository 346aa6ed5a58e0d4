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
        var text = text
        if text.withUTF8({ !$0.contains(where: { $0 >= 0x80 }) }) {
            appendASCII(text, style: style)
            return
        }
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

    /// `append` for text that is all ASCII, byte by byte: walking it as `Character`s and measuring each
    /// costs about 700 instructions a character. A `\r\n` pair is one line break, as it is one `Character`.
    private mutating func appendASCII(_ text: String, style: SpanStyle) {
        var segment: [UInt8] = []
        func flushSegment(_ buffer: inout PreformattedBuffer) {
            var string = String(decoding: segment, as: UTF8.self)
            buffer.flush(&string, style: style)
            segment.removeAll(keepingCapacity: true)
        }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x0A, 0x0D:
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                flushSegment(&self)
                appendLineBreak()
            case 0x09:
                let spaces = 8 - column % 8
                segment.append(contentsOf: repeatElement(0x20, count: spaces))
                column += spaces
            case 0x20..<0x7F:
                segment.append(byte)
                column += 1
            default:
                segment.append(byte)
                column += TextWidth.of(Character(Unicode.Scalar(byte)))
            }
        }
        flushSegment(&self)
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
