import Foundation

/// A parsed `Content-Type` header: media type and charset parameter.
struct ContentType: Equatable {
    var mediaType: String
    var charset: String?

    init(header: String?) {
        let value = header ?? ""
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        mediaType = type.trimmingCharacters(in: .whitespaces).lowercased()
        charset = MetaCharsetPrescan.charsetParameter(value)
    }

    /// Text the browser can show: any `text/*`, XHTML, XML, JSON, JavaScript; or no type at all.
    var isText: Bool {
        mediaType.isEmpty || mediaType.hasPrefix("text/") || mediaType.hasSuffix("+xml")
            || mediaType.hasSuffix("/xml")
            || mediaType == "application/json" || mediaType == "application/javascript"
    }

    /// The media type to use: HTML when the server did not say.
    var effectiveMediaType: String { mediaType.isEmpty ? "text/html" : mediaType }
}
