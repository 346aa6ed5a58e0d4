import TextWidth

/// Collects the inline content of the paragraph being built: collapses whitespace as browsers do,
/// splits text into measured tokens, and marks break opportunities between CJK characters.
struct InlineBuffer {
    private(set) var content = InlineContent()
    /// Whitespace was seen since the last token (shown as one space if more text follows).
    private var pendingSpace = false
    /// Nothing but anchors since the paragraph start or the last `<br>`: leading space is dropped.
    private var atLineStart = true

    var isEmpty: Bool { content.isEmpty }

    /// Takes the collected content and starts a new paragraph.
    mutating func take() -> InlineContent {
        defer {
            content = InlineContent()
            pendingSpace = false
            atLineStart = true
        }
        return content
    }

    mutating func appendLineBreak() {
        content.items.append(.lineBreak)
        pendingSpace = false
        atLineStart = true
    }

    mutating func appendAnchor(_ name: String) {
        content.appendAnchor(name)
    }

    /// Appends text that must not break from what precedes it (a link's `[n]`).
    mutating func appendGlued(_ text: String, style: SpanStyle) {
        content.appendToken(text, width: DisplayWidth.of(text), style: style, join: .glued)
        atLineStart = false
    }

    /// Appends text as one token that never breaks (a form field's box), after a space when one is pending.
    /// A line may break before the box even without a space, as browsers break before an atomic inline
    /// (two fields side by side, `<input><input>`, are two words, not one cut in the middle).
    mutating func appendUnbroken(_ text: String, style: SpanStyle) {
        let join: TokenJoin = pendingSpace ? .space : .breakable
        pendingSpace = false
        atLineStart = false
        content.appendToken(text, width: DisplayWidth.of(text), style: style, join: join)
    }

    /// Appends text from the document with whitespace collapsed.
    mutating func appendCollapsing(_ text: String, style: SpanStyle) {
        var text = text
        text.withUTF8 { appendCollapsing($0, style: style) }
    }

    /// Appends UTF-8 text from the document with whitespace collapsed. The bytes are copied into the
    /// paragraph's text once; ASCII words become tokens pointing into them.
    mutating func appendCollapsing(_ bytes: UnsafeBufferPointer<UInt8>, style: SpanStyle) {
        let base = content.text.count
        content.text.append(contentsOf: bytes)
        // About one token per six bytes of prose: most paragraphs (table cells, list items) then never grow.
        if content.items.isEmpty { content.items.reserveCapacity(bytes.count / 6 + 1) }
        let styleIndex = content.styleIndex(style)
        var index = 0
        let count = bytes.count
        while index < count {
            if Self.isWhitespace(bytes[index]) {
                if !atLineStart { pendingSpace = true }
                index += 1
                while index < count, Self.isWhitespace(bytes[index]) { index += 1 }
                continue
            }
            let start = index
            var ascii = true
            while index < count, !Self.isWhitespace(bytes[index]) {
                ascii = ascii && bytes[index] < 0x80
                index += 1
            }
            let join: TokenJoin = pendingSpace ? .space : .glued
            pendingSpace = false
            atLineStart = false
            if ascii {
                let length = UInt32(index - start)
                content.items.append(
                    .token(
                        InlineToken(
                            start: UInt32(base + start), length: length, width: length, style: styleIndex, join: join)
                    ))
            } else {
                appendWord(UnsafeBufferPointer(rebasing: bytes[start..<index]), join: join, style: style)
            }
        }
    }

    /// Appends a word with non-ASCII characters: wide characters (CJK) each become a token with break
    /// opportunities around them.
    private mutating func appendWord(_ bytes: UnsafeBufferPointer<UInt8>, join: TokenJoin, style: SpanStyle) {
        if let latin = Self.latinWord(bytes) {
            latin.text.withUnsafeBufferPointer {
                content.appendToken($0, width: latin.width, style: style, join: join)
            }
            return
        }
        var join = join
        var run = ""
        var runWidth = 0
        var afterWide = false
        for character in String(decoding: bytes, as: UTF8.self) {
            if character == "\u{AD}" { continue }  // soft hyphen: invisible
            if character == "\u{200B}" {  // zero-width space: a break opportunity
                if !run.isEmpty {
                    content.appendToken(run, width: runWidth, style: style, join: join)
                    run = ""
                    runWidth = 0
                }
                join = .breakable
                continue
            }
            let shown: Character = character == "\u{A0}" ? " " : character
            let width = TextWidth.of(shown)
            if width == 2 {
                if !run.isEmpty {
                    content.appendToken(run, width: runWidth, style: style, join: join)
                    join = .breakable
                    run = ""
                    runWidth = 0
                }
                let wideJoin: TokenJoin = Self.isWideClosingPunctuation(shown) ? .glued : join
                content.appendToken(String(shown), width: 2, style: style, join: wideJoin)
                join = .breakable
                afterWide = true
                continue
            }
            if afterWide && run.isEmpty && Self.isClosingPunctuation(shown) {
                // Keep closing punctuation with the character before it.
                join = .glued
            }
            afterWide = false
            run.append(shown)
            runWidth += width
        }
        if !run.isEmpty {
            content.appendToken(run, width: runWidth, style: style, join: join)
        }
    }

    /// A word of printable ASCII and Latin-1 letters and signs (U+00A0–U+00FF but the soft hyphen) as the
    /// loop over characters would make it, without the loop: each character is one column and no two
    /// combine, and a no-break space shows as a space. DocBook's pages join whole lines with `&nbsp;`, and
    /// comparing `Character`s one by one cost a 275 KB page 300 M instructions. Nil for any other word.
    static func latinWord(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: [UInt8], width: Int)? {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var width = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x21, byte < 0x7F {
                text.append(byte)
                index += 1
            } else if index + 1 < bytes.count, byte == 0xC2 || byte == 0xC3 {
                let next = bytes[index + 1]
                guard next >= 0x80, next <= 0xBF, byte == 0xC3 || next >= 0xA0, !(byte == 0xC2 && next == 0xAD)
                else { return nil }
                if byte == 0xC2 && next == 0xA0 {
                    text.append(0x20)
                } else {
                    text.append(byte)
                    text.append(next)
                }
                index += 2
            } else {
                return nil
            }
            width += 1
        }
        return (text, width)
    }

    private static func isClosingPunctuation(_ character: Character) -> Bool {
        ",.;:!?)]}".contains(character)
    }

    /// CJK punctuation that must not start a line.
    private static func isWideClosingPunctuation(_ character: Character) -> Bool {
        "、。，．：；！？）」』】〉》〕｝".contains(character)
    }

    /// HTML's ASCII whitespace: space, tab, LF, FF, CR.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }
}
