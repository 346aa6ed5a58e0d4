extension String {
    /// The text without leading and trailing HTML whitespace (space, tab, LF, FF, CR); cheaper than
    /// Foundation's `trimmingCharacters`, which bridges through NSString.
    var trimmingHTMLWhitespace: String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { !InlineBuffer.isWhitespace($0) }),
            let last = utf8.lastIndex(where: { !InlineBuffer.isWhitespace($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
