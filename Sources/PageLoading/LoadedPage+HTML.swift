/// The page as HTML source for `HTMLDocument`.
extension LoadedPage {
    /// The HTML itself, or plain text wrapped in `<pre>` (escaped) so it shows as written.
    public var htmlSource: String {
        if isHTML { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return "<pre>" + escaped + "</pre>"
    }
}
