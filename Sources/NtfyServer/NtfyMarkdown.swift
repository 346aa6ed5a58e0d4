/// A markdown message (`Markdown: yes`, `Content-Type: text/markdown`) as the body markup the suite styles
/// (`BodyMarkup`: bold, italic, links): `**bold**`/`__bold__` and `# headings` bold, `*italic*`/`_italic_`
/// italic, `[text](address)` a link, `` `code` `` as its text. Everything else stays as written; `<`, `>`
/// and `&` in the text are escaped, so nothing a publisher writes becomes markup of its own.
public enum NtfyMarkdown {
    public static func markup(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            var heading = false
            if line.hasPrefix("#") {
                line = line.drop { $0 == "#" }.drop { $0 == " " }
                heading = true
            }
            let inline = self.inline(Array(line))
            return heading ? "<b>" + inline + "</b>" : inline
        }.joined(separator: "\n")
    }

    private static func inline(_ characters: [Character]) -> String {
        var output = ""
        var index = 0
        var open: Set<String> = []
        func toggle(_ tag: String) {
            output += open.contains(tag) ? "</\(tag)>" : "<\(tag)>"
            if open.contains(tag) { open.remove(tag) } else { open.insert(tag) }
        }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "*" || character == "_", next == character {
                toggle("b")
                index += 2
            } else if character == "*" || (character == "_" && (index == 0 || characters[index - 1] == " "))
                || (character == "_" && open.contains("i"))
            {
                toggle("i")
                index += 1
            } else if character == "`" {
                index += 1
            } else if character == "[", let link = link(characters, at: index) {
                output += "<a href=\"\(escape(link.url))\">\(escape(link.text))</a>"
                index = link.end
            } else {
                output += escape(String(character))
                index += 1
            }
        }
        for tag in open.sorted(by: >) { output += "</\(tag)>" }
        return output
    }

    /// `[text](url)` starting at `start`: its parts and the index after it.
    private static func link(_ characters: [Character], at start: Int) -> (text: String, url: String, end: Int)? {
        guard let close = characters[start...].firstIndex(of: "]"), close + 1 < characters.count,
            characters[close + 1] == "(", let end = characters[(close + 1)...].firstIndex(of: ")")
        else { return nil }
        return (String(characters[(start + 1)..<close]), String(characters[(close + 2)..<end]), end + 1)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
