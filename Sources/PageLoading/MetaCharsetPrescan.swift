/// Finds the charset a page declares in `<meta charset>` or `<meta http-equiv content="…; charset=…">`,
/// looking at the first bytes only (the HTML "prescan a byte stream" step, simplified).
enum MetaCharsetPrescan {
    static func charset(in bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self).lowercased()
        var rest = text[...]
        while let open = rest.range(of: "<") {
            rest = rest[open.upperBound...]
            if rest.hasPrefix("!--") {
                guard let end = rest.range(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
                continue
            }
            guard rest.hasPrefix("meta"), let close = rest.firstIndex(of: ">") else { continue }
            let attributes = parseAttributes(rest[rest.index(rest.startIndex, offsetBy: 4)..<close])
            rest = rest[close...]
            if let charset = attributes["charset"], !charset.isEmpty { return charset }
            if attributes["http-equiv"] == "content-type", let content = attributes["content"],
                let charset = charsetParameter(content)
            {
                return charset
            }
        }
        return nil
    }

    /// The `charset=` parameter of a Content-Type value.
    static func charsetParameter(_ contentType: String) -> String? {
        let lower = contentType.lowercased()
        guard let range = lower.range(of: "charset") else { return nil }
        var value = lower[range.upperBound...].drop(while: { $0 == " " })
        guard value.first == "=" else { return nil }
        value = value.dropFirst().drop(while: { $0 == " " })
        if let quote = value.first, quote == "\"" || quote == "'" {
            value = value.dropFirst().prefix(while: { $0 != quote })
        } else {
            value = value.prefix(while: { $0 != ";" && $0 != " " && $0 != "\"" && $0 != "'" })
        }
        return value.isEmpty ? nil : String(value)
    }

    private static func parseAttributes(_ source: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = source
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "/" })
            let name = rest.prefix(while: {
                $0 != "=" && $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "/"
            })
            guard !name.isEmpty else { return attributes }
            rest = rest[name.endIndex...].drop(while: { $0 == " " })
            var value: Substring = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: { $0 == " " })
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    value = rest.dropFirst().prefix(while: { $0 != quote })
                    rest = rest.dropFirst(value.count + 2)
                } else {
                    value = rest.prefix(while: { $0 != " " && $0 != "\t" && $0 != "\n" })
                    rest = rest[value.endIndex...]
                }
            }
            if attributes[String(name)] == nil { attributes[String(name)] = String(value) }
        }
    }
}
