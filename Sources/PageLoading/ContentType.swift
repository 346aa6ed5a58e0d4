import Foundation

/// A parsed `Content-Type` header: media type and charset parameter.
public struct ContentType: Equatable, Sendable {
    /// The media type, lowercased, without parameters; empty when there was no header.
    public var mediaType: String
    /// The `charset` parameter, if any.
    public var charset: String?

    public init(header: String?) {
        let value = header ?? ""
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        mediaType = type.trimmingCharacters(in: .whitespaces).lowercased()
        charset = MetaCharsetPrescan.charsetParameter(value)
    }

    /// Text the browser can show: any `text/*`, XHTML, XML, JSON, JavaScript; or no type at all.
    public var isText: Bool {
        mediaType.isEmpty || mediaType.hasPrefix("text/") || mediaType.hasSuffix("+xml")
            || mediaType.hasSuffix("/xml")
            || mediaType == "application/json" || mediaType == "application/javascript"
    }

    /// The media type to use: HTML when the server did not say.
    public var effectiveMediaType: String { mediaType.isEmpty ? "text/html" : mediaType }
}
