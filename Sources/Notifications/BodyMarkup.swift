import Foundation

/// The specification's body markup (`<b> <i> <u> <a href> <img>`, XML entities) as Baton shows a body: runs of
/// text with their styles, and the plain text they make (`content.body`). Styles keep their text (bold,
/// italic, underlined), a link keeps its text (underlined) followed by its address, an image its `alt`; any
/// other tag, and markup that never closes, is shown as it came.
public enum BodyMarkup {
    /// Text in one style.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var bold = false
        public var italic = false
        public var underline = false
        public var isStyled: Bool { bold || italic || underline }
    }

    /// The body as plain text (what `content.body` holds).
    public static func plainText(_ markup: String) -> String { runs(markup).map(\.text).joined() }

    /// The body as runs of styled text, in order; adjacent text of one style is one run.
    public static func runs(_ markup: String) -> [Run] {
        var runs: [Run] = []
        var (bold, italic, underline) = (0, 0, 0)
        func add(_ text: some StringProtocol) {
            guard !text.isEmpty else { return }
            let run = Run(text: String(text), bold: bold > 0, italic: italic > 0, underline: underline > 0)
            if let last = runs.last, last.bold == run.bold, last.italic == run.italic, last.underline == run.underline {
                runs[runs.count - 1].text += text
            } else {
                runs.append(run)
            }
        }
        var link: String?
        var rest = Substring(markup)
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            add(rest[..<open])
            rest = rest[open...]
            if rest.first == "&" {
                let (text, count) = entity(rest)
                add(text)
                rest = rest.dropFirst(count)
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            let name = tag.split(separator: " ", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            switch name {
            case "b": bold += 1
            case "/b": bold = max(0, bold - 1)
            case "i": italic += 1
            case "/i": italic = max(0, italic - 1)
            case "u": underline += 1
            case "/u": underline = max(0, underline - 1)
            case "br", "br/": add("\n")
            case "a":
                link = attribute("href", in: tag).map { decoded($0) }
                if link != nil { underline += 1 }
            case "/a":
                if let address = link {
                    underline = max(0, underline - 1)
                    add(" (\(address))")
                    link = nil
                }
            case "img":
                add(attribute("alt", in: tag).map { decoded($0) } ?? "")
            default:
                add(rest[...close])
            }
            rest = rest[rest.index(after: close)...]
        }
        add(rest)
        return runs
    }

    /// The text of `&…;` at the start of `text` and how many characters it took; a lone `&` stands for itself.
    private static func entity(_ text: Substring) -> (String, Int) {
        guard let end = text.prefix(12).firstIndex(of: ";") else { return ("&", 1) }
        let name = text[text.index(after: text.startIndex)..<end]
        let length = name.count + 2
        switch name {
        case "amp": return ("&", length)
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        default: break
        }
        let number: UInt32? =
            name.hasPrefix("#x") || name.hasPrefix("#X")
            ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        if let number, let scalar = Unicode.Scalar(number), number != 0 { return (String(Character(scalar)), length) }
        return ("&", 1)
    }

    private static func decoded(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            let (value, count) = entity(rest[amp...])
            output += value
            rest = rest[amp...].dropFirst(count)
        }
        return output + rest
    }

    /// The value of `name="…"` (or single quotes) inside a tag.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: "\(name)=\(quote)") else { continue }
            let value = tag[start.upperBound...]
            guard let end = value.firstIndex(of: Character(quote)) else { return nil }
            return String(value[..<end])
        }
        return nil
    }
}
