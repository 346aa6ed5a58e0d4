/// The text `baton dump` prints, in the manner of `w3m -dump` / `lynx -dump`.
extension TextPage {
    /// The page's plain text, then a `References` list of its numbered links with absolute URLs.
    public var dumpText: String { String(decoding: dumpUTF8, as: UTF8.self) }

    /// `dumpText` as UTF-8 bytes, for writing out without building (and validating) a String.
    public var dumpUTF8: [UInt8] {
        var out: [UInt8] = []
        appendPlainText(to: &out)
        guard !links.isEmpty else { return out }
        out.appendUTF8(of: "\nReferences\n\n")
        let numberWidth = String(links.last?.number ?? 0).utf8.count
        for link in links {
            let number = String(link.number)
            out.append(contentsOf: repeatElement(0x20, count: 3 + numberWidth - number.utf8.count))
            out.appendUTF8(of: number)
            out.appendUTF8(of: ". ")
            out.appendUTF8(of: link.url?.absoluteString ?? link.href)
            out.append(0x0A)
        }
        return out
    }
}
