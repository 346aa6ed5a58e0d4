import Foundation

/// Resolves hrefs against the document URL and `<base href>`, as browsers do.
enum URLResolution {
    /// The base for relative links: `<base href>` resolved against the document URL, else the document URL.
    static func base(documentURL: URL?, baseHref: String?) -> URL? {
        guard let baseHref, !baseHref.isEmpty else { return documentURL }
        return resolve(baseHref, against: documentURL) ?? documentURL
    }

    /// An absolute URL for `href`, or `nil` when it cannot be parsed even after escaping.
    static func resolve(_ href: String, against base: URL?) -> URL? {
        let trimmed = href.trimmingHTMLWhitespace
        let base = base.map(withRootPath)
        let candidate =
            URL(string: trimmed, relativeTo: base)
            ?? escaped(trimmed).flatMap { URL(string: $0, relativeTo: base) }
        return candidate?.absoluteURL
    }

    /// `http://host:port` as `http://host:port/`: a web address's path is never empty, so `#top` resolves
    /// to `http://host:port/#top` as browsers resolve it.
    private static func withRootPath(_ url: URL) -> URL {
        guard url.host != nil, ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true), components.path.isEmpty
        else { return url }
        components.path = "/"
        return components.url ?? url
    }

    /// Percent-escapes characters URLs may not contain (spaces, non-ASCII), keeping the URL's structure.
    private static func escaped(_ href: String) -> String? {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return href.addingPercentEncoding(withAllowedCharacters: allowed)
    }
}
