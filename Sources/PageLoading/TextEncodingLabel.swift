import Foundation

/// A character encoding a page can be decoded from, named by its WHATWG label.
public enum TextEncodingLabel: Hashable, Sendable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    /// windows-1252, also used for `iso-8859-1` and `us-ascii` labels as browsers do.
    case windows1252
    /// An encoding Foundation decodes (Shift_JIS, EUC-JP, ISO-2022-JP, windows-125x, ISO-8859-2).
    case foundation(name: String, encoding: String.Encoding)

    /// The encoding for a charset label (case-insensitive, surrounding quotes and spaces ignored),
    /// or `nil` for labels this loader does not know.
    public init?(label: String) {
        // Trimmed by the standard library: a `CharacterSet` built for the call and the bridge to NSString cost
        // 1.2 M instructions, a tenth of a small page's whole `baton dump`.
        let ignored: (UInt8) -> Bool = { [0x20, 0x09, 0x0D, 0x0A, 0x22, 0x27].contains($0) }
        let utf8 = label.utf8
        let start = utf8.firstIndex { !ignored($0) } ?? utf8.endIndex
        let end = utf8.lastIndex { !ignored($0) }.map { utf8.index(after: $0) } ?? start
        let name = String(decoding: utf8[start..<max(start, end)], as: UTF8.self).lowercased()
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8":
            self = .utf8
        case "utf-16le", "utf-16":
            self = .utf16LittleEndian
        case "utf-16be":
            self = .utf16BigEndian
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "latin1", "l1",
            "iso_8859-1",
            "us-ascii", "ascii", "ansi_x3.4-1968":
            self = .windows1252
        default:
            guard let encoding = Self.foundationEncodings[name] else { return nil }
            self = .foundation(name: name, encoding: encoding)
        }
    }

    /// The label shown to users and in `--json` output.
    public var name: String {
        switch self {
        case .utf8: return "utf-8"
        case .utf16LittleEndian: return "utf-16le"
        case .utf16BigEndian: return "utf-16be"
        case .windows1252: return "windows-1252"
        case .foundation(let name, _): return name
        }
    }

    private static let foundationEncodings: [String: String.Encoding] = [
        "shift_jis": .shiftJIS, "shift-jis": .shiftJIS, "sjis": .shiftJIS, "x-sjis": .shiftJIS,
        "windows-31j": .shiftJIS, "ms_kanji": .shiftJIS,
        "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
        "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251, "windows-1253": .windowsCP1253,
        "windows-1254": .windowsCP1254, "iso-8859-2": .isoLatin2, "latin2": .isoLatin2,
    ]
}
