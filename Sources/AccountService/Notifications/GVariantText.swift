import Foundation

/// GVariant's text format for the few values the freedesktop bridge passes to `gdbus call` as argv
/// (strings, string arrays) and reads back from `gdbus call` / `gdbus monitor` output.
enum GVariantText {
    /// `text` as a quoted GVariant string: quotes, backslashes and control characters escaped, NUL dropped
    /// (D-Bus strings cannot hold it), cut to `limit` characters.
    static func string(_ text: String, limit: Int = 2_000) -> String {
        var out = "'"
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\0": continue
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }

    /// `items` as a GVariant `as` literal.
    static func stringArray(_ items: [String]) -> String {
        items.isEmpty ? "@as []" : "[" + items.map { string($0) }.joined(separator: ", ") + "]"
    }

    /// The first `uint32 N` in `text` (`gdbus call`'s answer to Notify is `(uint32 7,)`).
    static func firstUInt32(in text: Substring) -> UInt32? {
        guard let range = text.range(of: "uint32 ") else { return nil }
        return UInt32(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Reads one quoted GVariant string (single or double quotes, backslash escapes) at the start of `text`;
    /// returns it and what follows, or nil when `text` does not start with one.
    static func quoted(_ text: Substring) -> (value: String, rest: Substring)? {
        guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
        var value = String.UnicodeScalarView()
        var index = text.unicodeScalars.index(after: text.unicodeScalars.startIndex)
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if String(scalar) == String(quote) {
                return (String(value), Substring(scalars[scalars.index(after: index)...]))
            }
            guard scalar == "\\" else {
                value.append(scalar)
                index = scalars.index(after: index)
                continue
            }
            index = scalars.index(after: index)
            guard index < scalars.endIndex else { return nil }
            let escaped = scalars[index]
            index = scalars.index(after: index)
            switch escaped {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "a": value.append("\u{07}")
            case "b": value.append("\u{08}")
            case "f": value.append("\u{0C}")
            case "v": value.append("\u{0B}")
            case "u", "U":
                let width = escaped == "u" ? 4 : 8
                var digits = ""
                while digits.count < width, index < scalars.endIndex, scalars[index].properties.isASCIIHexDigit {
                    digits.unicodeScalars.append(scalars[index])
                    index = scalars.index(after: index)
                }
                guard let code = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                value.append(decoded)
            default: value.append(escaped)
            }
        }
        return nil
    }
}
