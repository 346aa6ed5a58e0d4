/// The one rule for text from outside (a page, a notification, another device) on its way to a terminal:
/// control characters are shown escaped (`\u{1b}`), never written raw, so no page or push can retitle,
/// clear or redraw the user's terminal, and no bidirectional override can reorder what is read.
///
/// Escaped: C0 controls (newline, and tab, kept in multi-line text), DEL, C1 controls (U+0080–U+009F),
/// the line and paragraph separators (U+2028, U+2029) and the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069). The suite's screen skips the same characters (they take no
/// column); `BoundedQuote`, the CLI and the suite's notification text all escape through here.
public enum TerminalText {
    /// Whether `scalar` is escaped on its way to a terminal (newline and tab aside, which callers choose).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `scalar` as a terminal shows it: itself when safe, else `\n`, `\r`, `\t` or `\u{hex}`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return isUnsafe(scalar) ? "\\u{" + String(scalar.value, radix: 16) + "}" : String(scalar)
        }
    }

    /// `text` safe for one line of a terminal: every unsafe character escaped, line breaks included.
    public static func line(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars { result += escape(scalar) }
        return result
    }

    /// `text` safe for a terminal as several lines: newlines and tabs kept, everything else unsafe escaped.
    public static func lines(_ text: some StringProtocol) -> String {
        String(decoding: lines(Array(text.utf8)), as: UTF8.self)
    }

    /// UTF-8 `bytes` safe for a terminal as several lines (`baton dump`): newlines and tabs kept, every other
    /// unsafe character escaped. Text with nothing to escape (almost every page) is returned as it is,
    /// after one pass over its bytes.
    public static func lines(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = firstUnsafeIndex(in: bytes, from: 0) else { return bytes }
        var output = [UInt8](bytes[..<first])
        output.reserveCapacity(bytes.count + 64)
        var start = first
        while start < bytes.count {
            let length = sequenceLength(bytes, at: start)
            let piece = String(decoding: bytes[start..<start + length], as: UTF8.self)
            for scalar in piece.unicodeScalars {
                if scalar == "\n" || scalar == "\t" {
                    output.append(UInt8(scalar.value))
                } else {
                    output.append(contentsOf: escape(scalar).utf8)
                }
            }
            start += length
            let next = firstUnsafeIndex(in: bytes, from: start) ?? bytes.count
            output.append(contentsOf: bytes[start..<next])
            start = next
        }
        return output
    }

    /// The index of the first byte that starts an unsafe character (newline and tab are safe here).
    private static func firstUnsafeIndex(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if let length = unsafeLength(in: bytes, at: index),
                length > 1 || (bytes[index] != 0x0A && bytes[index] != 0x09)
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The length in bytes (1 to 3) of the unsafe character whose UTF-8 sequence starts at `index`, or nil
    /// when the byte there starts none. Every C0 control counts (callers keep newline and tab as they choose).
    /// A lead byte (0xC2, 0xE2) is never a continuation byte, so a scan byte by byte cannot match mid-character.
    static func unsafeLength(in bytes: [UInt8], at index: Int) -> Int? {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return 1 }
        if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
            return 2  // C1: U+0080–U+009F.
        }
        if byte == 0xE2, index + 2 < bytes.count {
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0x80, (0xA8...0xAE).contains(third) { return 3 }  // U+2028–U+202E.
            if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }  // U+2066–U+2069.
        }
        return nil
    }

    /// The length of the UTF-8 sequence starting at `index` (1 for a stray or cut byte).
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        return min(length, bytes.count - index)
    }
}
