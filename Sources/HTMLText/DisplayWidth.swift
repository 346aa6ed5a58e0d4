import TextWidth

/// Display width with a fast path for printable ASCII (one column per byte, no grapheme breaking);
/// everything else is measured by `TextWidth`.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        return TextWidth.of(text)
    }
}
