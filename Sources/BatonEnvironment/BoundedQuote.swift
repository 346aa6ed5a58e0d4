/// Quotes outside input for error replies and logs: at most `limit` UTF-8 bytes (cut on a character
/// boundary, with "…" and the full size when cut), control characters escaped, so an echo of hostile
/// input can neither grow a reply without bound nor forge a log line or reach a terminal raw.
public enum BoundedQuote {
    /// The default number of bytes quoted from outside input.
    public static let defaultLimit = 80

    /// `text` quoted in single quotes, escaped and cut to `limit` bytes.
    public static func quote(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// `text` with control characters escaped (`\n`, `\t`, `\u{1B}`…: `TerminalText`'s rule), cut to `limit` bytes.
    public static func escaped(_ text: some StringProtocol, limit: Int = Int.max) -> String {
        var result = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let piece = escape(scalar)
            if bytes + piece.utf8.count > limit {
                return result + "… (\(text.utf8.count) bytes)"
            }
            bytes += piece.utf8.count
            result += piece
        }
        return result
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String { TerminalText.escape(scalar) }
}
