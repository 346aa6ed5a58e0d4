import Foundation

/// The `application/x-www-form-urlencoded` serializer of the URL standard: each name and value encoded in the
/// form's charset (characters it cannot hold as `&#N;`), bytes outside `*-._`, digits and letters
/// percent-escaped, spaces as `+`.
enum URLEncodedForm {
    static func encode(_ entries: [(name: String, value: String)], encoding: String.Encoding) -> String {
        var out: [UInt8] = []
        for (position, entry) in entries.enumerated() {
            if position > 0 { out.append(0x26) }  // &
            percentEncode(FormCharset.bytes(entry.name, encoding: encoding), into: &out)
            out.append(0x3D)  // =
            percentEncode(FormCharset.bytes(entry.value, encoding: encoding), into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func percentEncode(_ bytes: [UInt8], into out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case 0x2A, 0x2D, 0x2E, 0x5F, 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
                out.append(byte)
            case 0x20:
                out.append(0x2B)  // +
            default:
                out.append(0x25)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
    }
}

/// `multipart/form-data` without files: one part per entry.
enum MultipartForm {
    static func encode(_ entries: [(name: String, value: String)], boundary: String, encoding: String.Encoding)
        -> [UInt8]
    {
        var out: [UInt8] = []
        for entry in entries {
            let name = entry.name.replacingOccurrences(of: "\"", with: "%22")
                .replacingOccurrences(of: "\r\n", with: "%0D%0A")
            out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"".utf8)
            out += FormCharset.bytes(name, encoding: encoding)
            out += Array("\"\r\n\r\n".utf8)
            out += FormCharset.bytes(entry.value, encoding: encoding)
            out += Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return out
    }
}

/// The charset a form's data is encoded in: the first `accept-charset` label Baton can encode, else the
/// page's. UTF-8, windows-1252 (which ISO-8859-1 and ASCII labels mean on the web), ISO-8859-2,
/// windows-1250, windows-1251, Shift_JIS and ISO-2022-JP are encoded by Foundation; anything else is sent as
/// UTF-8 (as the standard does for UTF-16).
enum FormCharset {
    static func encoding(acceptCharset: String?, pageCharset: String?) -> String.Encoding {
        let accepted = (acceptCharset ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        for label in accepted {
            if let encoding = known(String(label)) { return encoding }
        }
        return pageCharset.flatMap(known) ?? .utf8
    }

    /// Encodings by their canonical name, then the labels that mean them (WHATWG Encoding's labels).
    private static let table: [(name: String, encoding: String.Encoding, labels: [String])] = [
        ("UTF-8", .utf8, ["utf-8", "utf8", "unicode-1-1-utf-8", "utf-16", "utf-16le", "utf-16be"]),
        (
            "windows-1252", .windowsCP1252,
            ["windows-1252", "iso-8859-1", "latin1", "l1", "us-ascii", "ascii", "cp1252", "iso_8859-1", "x-cp1252"]
        ),
        ("ISO-8859-2", .isoLatin2, ["iso-8859-2", "latin2", "l2", "iso_8859-2", "iso8859-2"]),
        ("windows-1250", .windowsCP1250, ["windows-1250", "cp1250", "x-cp1250"]),
        ("windows-1251", .windowsCP1251, ["windows-1251", "cp1251", "x-cp1251"]),
        ("Shift_JIS", .shiftJIS, ["shift_jis", "sjis", "shift-jis", "windows-31j", "ms932", "x-sjis"]),
        ("ISO-2022-JP", .iso2022JP, ["iso-2022-jp", "csiso2022jp"]),
    ]

    static func known(_ label: String) -> String.Encoding? {
        let label = label.trimmingHTMLWhitespace.lowercased()
        return table.first { $0.labels.contains(label) }?.encoding
    }

    static func name(of encoding: String.Encoding) -> String {
        table.first { $0.encoding == encoding }?.name ?? "UTF-8"
    }

    /// `text` in `encoding`; characters it cannot hold become `&#N;`.
    static func bytes(_ text: String, encoding: String.Encoding) -> [UInt8] {
        if encoding == .utf8 { return Array(text.utf8) }
        if let data = text.data(using: encoding) { return Array(data) }
        var out: [UInt8] = []
        for character in text {
            if let data = String(character).data(using: encoding) {
                out += Array(data)
            } else {
                for scalar in character.unicodeScalars { out += Array("&#\(scalar.value);".utf8) }
            }
        }
        return out
    }
}
