import Foundation

/// The specification's body markup (`<b> <i> <u> <a href> <img>`, XML entities) as the suite shows a body: plain
/// text. Styles keep their text, a link keeps its text followed by its address, an image its `alt`; any other
/// tag, and markup that never closes, is shown as it came.
enum BodyMarkup {
    static func plainText(_ markup: String) -> String {
        var output = ""
        var link: String?
        var rest = Substring(markup)
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            output += rest[..<open]
            rest = rest[open...]
            if rest.first == "&" {
                let (text, count) = entity(rest)
                output += text
                rest = rest.dropFirst(count)
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            let name = tag.split(separator: " ", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            switch name {
            case "b", "/b", "i", "/i", "u", "/u", "/a", "br", "br/":
                if name == "/a", let address = link {
                    output += " (\(address))"
                    link = nil
                }
                if name.hasPrefix("br") { output += "\n" }
            case "a":
                link = attribute("href", in: tag).map { decoded($0) }
            case "img":
                output += attribute("alt", in: tag).map { decoded($0) } ?? ""
            default:
                output += rest[...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
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
