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

    /// Runs of whitespace as one space, none at either end; ASCII text is handled as bytes (Unicode
    /// whitespace elsewhere, such as a no-break space, is collapsed too).
    var collapsingWhitespace: String {
        var bytes: [UInt8] = []
        var ascii = true
        for byte in utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if let last = bytes.last, last != 0x20 { bytes.append(0x20) }
            } else {
                bytes.append(byte)
            }
        }
        guard ascii else { return split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
