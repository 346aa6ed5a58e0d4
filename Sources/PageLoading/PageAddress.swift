import Foundation

/// Turns what a user typed (a URL, a file path, or a bare host name) into a URL to load.
public enum PageAddress {
    public static func url(
        from input: String, currentDirectory: String = FileManager.default.currentDirectoryPath
    )
        throws -> URL
    {
        let text = trimmingWhitespace(input)
        guard !text.isEmpty else { throw PageLoadError.invalidURL(input) }
        if text.lowercased().hasPrefix("about:") {
            guard let url = URL(string: text) else { throw PageLoadError.invalidURL(input) }
            return url
        }
        if text.contains("://") {
            guard let url = URL(string: text) ?? Self.escaped(text), url.scheme != nil else {
                throw PageLoadError.invalidURL(input)
            }
            return url
        }
        // Words with spaces are no address (there is no search engine to send them to): say so, rather
        // than asking the network for a host called "hello%20world".
        if text.contains(where: \.isWhitespace), !FileManager.default.fileExists(atPath: text) {
            throw PageLoadError.invalidURL(input)
        }
        // A bare name with a document extension ("notes.html") is a file, not a host.
        let fileExtensions = ["html", "htm", "xhtml", "txt", "md"]
        let bareFileName = !text.contains("/") && fileExtensions.contains(fileExtension(text))
        let looksLikePath = text.hasPrefix("/") || text.hasPrefix(".") || text.hasPrefix("~") || bareFileName
        let expanded = text.hasPrefix("~") ? (text as NSString).expandingTildeInPath : text
        let absolute = expanded.hasPrefix("/") ? expanded : currentDirectory + "/" + expanded
        if looksLikePath || FileManager.default.fileExists(atPath: absolute) {
            return URL(fileURLWithPath: absolute).standardizedFileURL
        }
        let host = text.prefix { $0 != "/" && $0 != ":" }
        let local = host == "localhost" || host.hasPrefix("127.") || host.hasPrefix("[")
        guard
            let url = URL(string: (local ? "http://" : "https://") + text)
                ?? Self.escaped((local ? "http://" : "https://") + text),
            url.host != nil
        else { throw PageLoadError.invalidURL(input) }
        return url
    }

    /// `text` without leading and trailing whitespace and newlines (in the standard library: bridging to
    /// NSString for this costs a tenth of a millisecond in every `baton dump`).
    private static func trimmingWhitespace(_ text: String) -> String {
        let start = text.drop(while: \.isWhitespace)
        guard let last = start.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(start[...last])
    }

    /// The lowercased extension of a file name ("" for none, and for a name that only starts with a dot).
    private static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func escaped(_ text: String) -> URL? {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed).flatMap { URL(string: $0) }
    }
}
