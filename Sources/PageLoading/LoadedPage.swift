import Foundation

/// A page fetched and decoded to text, ready for `HTMLDocument`.
public struct LoadedPage: Sendable {
    /// The final URL, after redirects.
    public var url: URL
    /// The HTTP status (nil for files and about: pages); a 404 still comes with its body.
    public var statusCode: Int?
    /// The media type without parameters, e.g. `text/html`.
    public var mediaType: String
    public var text: String
    public var encoding: TextEncodingLabel
    public var charsetSource: CharsetSource
    /// True when the page was cut at `PageLoader.maximumBytes`; a note is appended to `text`.
    public var isTruncated: Bool
    /// Why cookies were off for this load (an unsafe or damaged jar), if they were.
    public var cookieProblem: String?
    /// Set when the address was a file to save rather than a page: where it was saved (the text is empty).
    public var saved: SavedFile?

    /// True for statuses 200...299 and for pages that have no status.
    public var isSuccess: Bool { statusCode.map { (200..<300).contains($0) } ?? true }

    /// True when `text` is HTML (otherwise it is plain text to be shown as is).
    public var isHTML: Bool { mediaType == "text/html" || mediaType == "application/xhtml+xml" }
}
