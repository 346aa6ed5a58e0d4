/// How the encoding of a page was decided, in the order browsers use.
public enum CharsetSource: String, Sendable {
    case httpHeader = "http-header"
    case byteOrderMark = "byte-order-mark"
    case metaTag = "meta"
    /// Unlabelled bytes that are entirely valid UTF-8 (as Firefox does for files).
    case utf8Validation = "utf-8-validation"
    case fallback
}

/// Chooses a page's encoding: the HTTP header's charset, then a byte order mark, then a
/// `<meta charset>` / `http-equiv` prescan of the first 1024 bytes, then UTF-8 if every byte is
/// valid UTF-8, then windows-1252.
public enum CharsetDetection {
    public static func detect(headerCharset: String?, bytes: [UInt8]) -> (
        TextEncodingLabel, CharsetSource
    ) {
        if let headerCharset, let encoding = TextEncodingLabel(label: headerCharset) {
            return (encoding, .httpHeader)
        }
        if let encoding = byteOrderMark(bytes) { return (encoding, .byteOrderMark) }
        if let label = MetaCharsetPrescan.charset(in: bytes.prefix(1024)),
            var encoding = TextEncodingLabel(label: label)
        {
            // A meta tag that claims UTF-16 was read as ASCII, so the page is not UTF-16 (HTML spec).
            if encoding == .utf16LittleEndian || encoding == .utf16BigEndian { encoding = .utf8 }
            return (encoding, .metaTag)
        }
        if bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) != nil {
            return (.utf8, .utf8Validation)
        }
        return (.windows1252, .fallback)
    }

    /// Decodes `bytes` after detection; returns the text and the encoding used.
    public static func decode(headerCharset: String?, bytes: [UInt8]) -> (
        text: String, encoding: TextEncodingLabel, source: CharsetSource
    ) {
        let (encoding, source) = detect(headerCharset: headerCharset, bytes: bytes)
        return (TextDecoding.decode(bytes, as: encoding), encoding, source)
    }

    static func byteOrderMark(_ bytes: [UInt8]) -> TextEncodingLabel? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        if bytes.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
        if bytes.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
        return nil
    }
}
