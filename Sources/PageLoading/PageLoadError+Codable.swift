import Foundation

/// The form `baton-fetch` sends errors in: one flat JSON object, `case` naming the case and the
/// associated values under fixed keys, URLs as strings: `{"case":"timedOut","url":"https://a.example/"}`,
/// `{"case":"unreachableHost","host":"a.example","reason":"connection refused"}`.
extension PageLoadError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind = "case"
        case text, url, host, reason, contentType, path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .invalidURL(let text):
            try container.encode("invalidURL", forKey: .kind)
            try container.encode(text, forKey: .text)
        case .unsupportedScheme(let scheme):
            try container.encode("unsupportedScheme", forKey: .kind)
            try container.encode(scheme, forKey: .text)
        case .unreachableHost(let host, let reason):
            try container.encode("unreachableHost", forKey: .kind)
            try container.encode(host, forKey: .host)
            try container.encode(reason, forKey: .reason)
        case .timedOut(let url):
            try container.encode("timedOut", forKey: .kind)
            try container.encode(url.absoluteString, forKey: .url)
        case .tooManyRedirects(let url):
            try container.encode("tooManyRedirects", forKey: .kind)
            try container.encode(url.absoluteString, forKey: .url)
        case .binaryContent(let contentType, let url):
            try container.encode("binaryContent", forKey: .kind)
            try container.encode(contentType, forKey: .contentType)
            try container.encode(url.absoluteString, forKey: .url)
        case .download(let url, let filename, let contentType):
            try container.encode("download", forKey: .kind)
            try container.encode(url.absoluteString, forKey: .url)
            try container.encode(filename, forKey: .path)
            try container.encode(contentType, forKey: .contentType)
        case .fileNotFound(let path):
            try container.encode("fileNotFound", forKey: .kind)
            try container.encode(path, forKey: .path)
        case .fileUnreadable(let path, let reason):
            try container.encode("fileUnreadable", forKey: .kind)
            try container.encode(path, forKey: .path)
            try container.encode(reason, forKey: .reason)
        case .unknownAboutPage(let name):
            try container.encode("unknownAboutPage", forKey: .kind)
            try container.encode(name, forKey: .text)
        case .network(let url, let reason):
            try container.encode("network", forKey: .kind)
            try container.encode(url.absoluteString, forKey: .url)
            try container.encode(reason, forKey: .reason)
        case .fetcherMissing(let path):
            try container.encode("fetcherMissing", forKey: .kind)
            try container.encode(path, forKey: .path)
        case .cancelled:
            try container.encode("cancelled", forKey: .kind)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func string(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func url() throws -> URL {
            let text = try string(.url)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "not a URL")
            }
            return url
        }
        let kind = try string(.kind)
        switch kind {
        case "invalidURL": self = .invalidURL(try string(.text))
        case "unsupportedScheme": self = .unsupportedScheme(try string(.text))
        case "unreachableHost": self = .unreachableHost(host: try string(.host), reason: try string(.reason))
        case "timedOut": self = .timedOut(try url())
        case "tooManyRedirects": self = .tooManyRedirects(try url())
        case "binaryContent": self = .binaryContent(contentType: try string(.contentType), url: try url())
        case "download":
            self = .download(url: try url(), filename: try string(.path), contentType: try string(.contentType))
        case "fileNotFound": self = .fileNotFound(try string(.path))
        case "fileUnreadable": self = .fileUnreadable(path: try string(.path), reason: try string(.reason))
        case "unknownAboutPage": self = .unknownAboutPage(try string(.text))
        case "network": self = .network(url: try url(), reason: try string(.reason))
        case "fetcherMissing": self = .fetcherMissing(try string(.path))
        case "cancelled": self = .cancelled
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown case '\(kind)'")
        }
    }
}
