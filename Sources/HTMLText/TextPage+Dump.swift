/// The text `baton dump` prints, in the manner of `w3m -dump` / `lynx -dump`.
extension TextPage {
    /// The page's plain text, then a `References` list of its numbered links with absolute URLs.
    public var dumpText: String {
        var out = plainText
        guard !links.isEmpty else { return out }
        out += "\nReferences\n\n"
        let numberWidth = String(links.count).count
        for link in links {
            let number = String(link.number)
            let padding = String(repeating: " ", count: 3 + numberWidth - number.count)
            out += "\(padding)\(number). \(link.url?.absoluteString ?? link.href)\n"
        }
        return out
    }
}
