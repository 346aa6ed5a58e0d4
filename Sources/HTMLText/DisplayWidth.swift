import TextWidth

/// Display width with a fast path for printable ASCII (one column per byte, no grapheme breaking);
/// everything else is measured by `TextWidth`.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        isPrintableASCII(text) ? text.utf8.count : TextWidth.of(text)
    }

    /// True when every byte of `text` is printable ASCII, so each byte is one column and one character.
    static func isPrintableASCII(_ text: String) -> Bool {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        } ?? utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The longest prefix of `text` that fits `columns` columns, and its width.
    static func prefix(_ text: String, fitting columns: Int) -> (text: String, width: Int) {
        if isPrintableASCII(text) {
            let kept = min(max(0, columns), text.utf8.count)
            return (String(decoding: text.utf8.prefix(kept), as: UTF8.self), kept)
        }
        let cut = TextWidth.prefix(text, fitting: columns)
        return (String(cut.text), cut.width)
    }
}
