import Foundation

/// Why a page could not be loaded; `description` is a one-line message for the user.
public enum PageLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    case unreachableHost(host: String, reason: String)
    case timedOut(URL)
    case tooManyRedirects(URL)
    case binaryContent(contentType: String, url: URL)
    /// A file to save rather than a page (a binary type or `Content-Disposition: attachment`), and no
    /// downloads directory was given (`baton dump`).
    case download(url: URL, filename: String, contentType: String)
    case fileNotFound(String)
    case fileUnreadable(path: String, reason: String)
    case unknownAboutPage(String)
    case network(url: URL, reason: String)
    /// The `baton-fetch` network process, which loads http(s) pages, is not at this path.
    case fetcherMissing(String)
    case cancelled

    public var description: String {
        switch self {
        case .invalidURL(let text):
            return "invalid URL: '\(text)' is not an address (type one such as example.com, a file path or about:help)"
        case .unsupportedScheme(let scheme):
            return "unsupported URL scheme '\(scheme)' (use http, https, file or about)"
        case .unreachableHost(let host, let reason): return "cannot reach \(host): \(reason)"
        case .timedOut(let url): return "timed out loading \(url.absoluteString)"
        case .tooManyRedirects(let url):
            return
                "too many redirects (more than 20) loading \(url.absoluteString): the site sends the browser in a loop"
        case .binaryContent(let type, let url):
            return "not a text page: \(url.absoluteString) is \(type)"
        case .download(let url, let filename, let type):
            return
                "not a page: \(url.absoluteString) is a file to save (\(type.isEmpty ? "no type" : type), \"\(filename)\")"
        case .fileNotFound(let path): return "no such file: \(path)"
        case .fileUnreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .unknownAboutPage(let name):
            return "unknown page about:\(name) (try about:blank or about:help)"
        case .network(let url, let reason): return "failed to load \(url.absoluteString): \(reason)"
        case .fetcherMissing(let path):
            return "baton-fetch is not installed next to baton (no \(path)); run scripts/setup.sh"
        case .cancelled: return "loading cancelled"
        }
    }
}

extension PageLoadError: LocalizedError {
    public var errorDescription: String? { description }
}
